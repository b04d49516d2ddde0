import { z } from 'zod';
import { labelledLink } from '../../content/links.ts';
import { SLUG_PATTERN, slugify } from '../articles/rules.ts';

/**
 * The team rules, as zod schemas shared by the admin forms, the demo seed and the decider
 * (which re-checks them, so no caller can skip them):
 *  - name: 2–80 characters after trimming;
 *  - slug: lowercase kebab-case, at most 80 characters, unique across teams (reserved in its own
 *    stream, see slug-decider.ts); a team keeps its earlier slugs, so old addresses redirect;
 *  - tag: optional, 2–6 letters or digits, stored in capitals ("RBR");
 *  - description: optional plain text, at most 2,000 characters;
 *  - links: at most 6, each a label and an absolute http(s) address;
 *  - members: at most 200 iRacing customer ids, each once, in the order given;
 *  - logo: optional, a PNG, JPEG or WebP image of at most 512 KiB (checked by its bytes when
 *    uploaded: src/files/inspect.ts).
 */
export const TEAM_LIMITS = {
  nameMin: 2,
  nameMax: 80,
  slugMax: 80,
  tagMin: 2,
  tagMax: 6,
  descriptionMax: 2000,
  linksMax: 6,
  membersMax: 200,
  logoMaxBytes: 512 * 1024,
} as const;

export const teamName = z
  .string()
  .trim()
  .min(TEAM_LIMITS.nameMin, `Name must be at least ${TEAM_LIMITS.nameMin} characters.`)
  .max(TEAM_LIMITS.nameMax, `Name must be at most ${TEAM_LIMITS.nameMax} characters.`);

export const teamSlug = z
  .string()
  .trim()
  .min(1, 'Slug is required.')
  .max(TEAM_LIMITS.slugMax, `Slug must be at most ${TEAM_LIMITS.slugMax} characters.`)
  .regex(
    SLUG_PATTERN,
    'Slug must be lowercase words joined by single hyphens, e.g. "apex-racing".',
  );

/** Empty → null; otherwise 2–6 letters or digits, upper-cased. */
export const teamTag = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : null))
  .pipe(
    z
      .string()
      .regex(
        new RegExp(`^[A-Z0-9]{${TEAM_LIMITS.tagMin},${TEAM_LIMITS.tagMax}}$`),
        `Tag must be ${TEAM_LIMITS.tagMin}–${TEAM_LIMITS.tagMax} letters or digits.`,
      )
      .nullable(),
  );

/** Empty or whitespace-only → null. */
export const teamDescription = z
  .string()
  .trim()
  .max(
    TEAM_LIMITS.descriptionMax,
    `Description must be at most ${TEAM_LIMITS.descriptionMax.toLocaleString('en')} characters.`,
  )
  .nullish()
  .transform((v) => (v ? v : null));

export const teamLinks = z
  .array(labelledLink)
  .max(TEAM_LIMITS.linksMax, `At most ${TEAM_LIMITS.linksMax} links.`);

export const custId = z
  .number('A member must be an iRacing customer id.')
  .int('A member must be an iRacing customer id.')
  .positive('A member must be an iRacing customer id.')
  .max(2_147_483_647, 'A member must be an iRacing customer id.');

export const teamMembers = z
  .array(custId)
  .max(TEAM_LIMITS.membersMax, `At most ${TEAM_LIMITS.membersMax} members.`)
  .refine((ids) => new Set(ids).size === ids.length, 'A driver is listed twice.');

/** A slug suggestion from a team name ("Apex Racing Team" → "apex-racing-team"). */
export function teamSlugFrom(name: string): string {
  return slugify(name).slice(0, TEAM_LIMITS.slugMax).replace(/-+$/g, '');
}
