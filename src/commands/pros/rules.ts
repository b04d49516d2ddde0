import { z } from 'zod';
import { labelledLink } from '../../content/links.ts';
import { custId } from '../teams/rules.ts';

/**
 * The pro-driver rules (forms, demo seed and decider share them):
 *  - name: 2–80 characters;
 *  - iRacing customer id: optional (not every pro races on iRacing); with one, the page shows
 *    their live licences and links to /drivers/{id};
 *  - country: optional ISO 3166 alpha-2 code ("GB"), stored in capitals;
 *  - background: optional, at most 160 characters ("Le Mans class winner, Formula E");
 *  - team: optional free text, at most 80 characters (a real-world team need not be on the site);
 *  - bio: markdown, at most 20,000 characters, rendered and sanitised by the projection;
 *  - links: at most 8 http(s) links; gear: at most 30 gear item ids, each once.
 */
export const PRO_LIMITS = {
  nameMin: 2,
  nameMax: 80,
  backgroundMax: 160,
  teamMax: 80,
  bioMax: 20_000,
  linksMax: 8,
  gearMax: 30,
} as const;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

export const proName = z
  .string()
  .trim()
  .min(PRO_LIMITS.nameMin, `Name must be at least ${PRO_LIMITS.nameMin} characters.`)
  .max(PRO_LIMITS.nameMax, `Name must be at most ${PRO_LIMITS.nameMax} characters.`);

export const proCustId = custId.nullish().transform((v) => v ?? null);

export const proCountry = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : null))
  .pipe(
    z
      .string()
      .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code, e.g. GB or DE.')
      .nullable(),
  );

export const proBackground = optionalText(PRO_LIMITS.backgroundMax, 'Background');
export const proTeamName = optionalText(PRO_LIMITS.teamMax, 'Team');

export const proBio = z
  .string()
  .max(
    PRO_LIMITS.bioMax,
    `Bio must be at most ${PRO_LIMITS.bioMax.toLocaleString('en')} characters.`,
  );

export const proLinks = z
  .array(labelledLink)
  .max(PRO_LIMITS.linksMax, `At most ${PRO_LIMITS.linksMax} links.`);

export const proGearIds = z
  .array(z.uuid('Unknown gear item.'))
  .max(PRO_LIMITS.gearMax, `At most ${PRO_LIMITS.gearMax} gear items.`)
  .refine((ids) => new Set(ids).size === ids.length, 'A gear item is listed twice.');
