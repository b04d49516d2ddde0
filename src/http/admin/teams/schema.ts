import { z } from 'zod';
import {
  custId,
  TEAM_LIMITS,
  teamDescription,
  teamName,
  teamSlug,
  teamTag,
} from '../../../commands/teams/rules.ts';
import { adminSearchQuery, linksFieldOf, revisionField, uuidParams } from '../schema.ts';

/**
 * Query, path and form schemas of the admin team routes. The form fields reuse the team rules
 * (src/commands/teams/rules.ts); the command re-checks them. Links and members arrive as the
 * form's textareas hold them (one link per line; customer ids separated by commas, spaces or
 * lines), and a bad line is reported on that field, naming the line or the value.
 */

export const ADMIN_TEAMS_PER_PAGE = 25;

export const adminTeamsQuery = adminSearchQuery;

export const teamIdParams = uuidParams;

/** A missing field is treated as empty, so it gets the rule's message, not "expected string". */
const field = <S extends z.ZodType>(schema: S) => z.preprocess((v) => v ?? '', schema);

const text = z.preprocess((v) => v ?? '', z.string());

export const linksField = linksFieldOf(TEAM_LIMITS.linksMax);

/** iRacing customer ids separated by commas, spaces or new lines. */
export const membersField = text.transform((value, ctx) => {
  const tokens = value.split(/[\s,;]+/).filter((t) => t.length > 0);
  if (tokens.length > TEAM_LIMITS.membersMax) {
    ctx.addIssue({ code: 'custom', message: `At most ${TEAM_LIMITS.membersMax} members.` });
    return z.NEVER;
  }
  const ids: number[] = [];
  for (const token of tokens) {
    const id = /^\d{1,10}$/.test(token) ? custId.safeParse(Number(token)) : null;
    if (!id?.success) {
      ctx.addIssue({
        code: 'custom',
        message: `"${token.slice(0, 20)}" is not an iRacing customer id.`,
      });
      return z.NEVER;
    }
    if (ids.includes(id.data)) {
      ctx.addIssue({ code: 'custom', message: `Driver ${id.data} is listed twice.` });
      return z.NEVER;
    }
    ids.push(id.data);
  }
  return ids;
});

const teamFormFields = {
  name: field(teamName),
  tag: teamTag,
  description: teamDescription,
  links: linksField,
  members: membersField,
};

/** POST /admin/teams/create. An empty slug is made from the name. */
export const createTeamForm = z.object({
  ...teamFormFields,
  slug: z.preprocess(
    (v) => (v == null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    teamSlug.optional(),
  ),
});

/** A checkbox as a form, a multipart body or JSON sends it. */
const checkbox = z.preprocess(
  (v) => v === true || v === 'true' || v === 'on' || v === '1',
  z.boolean(),
);

/**
 * PATCH /admin/teams/{id}: every field, and the revision the form was opened at. The logo is
 * the request's file (multipart); without one it stays, unless `removeLogo` is checked.
 */
export const updateTeamForm = z.object({
  ...teamFormFields,
  slug: field(teamSlug),
  removeLogo: checkbox,
  expectedRevision: revisionField,
});
