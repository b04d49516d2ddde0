import { z } from 'zod';
import { labelledLink, parseLinkLines } from '../../content/links.ts';

/** Query, path and form fields every admin list and edit route reads the same way. */

/** `?page=`: a page number of an admin list (1 when absent; past 10,000 is no page). */
export const adminPageField = z.coerce.number().int().min(1).max(10_000).default(1);

/** `?q=`: an admin list's search text, trimmed; empty means no search. */
export const adminSearchField = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

/** `?page=&q=`: a searchable admin list (teams, pros, gear). */
export const adminSearchQuery = z.object({ page: adminPageField, q: adminSearchField });

/** `/:id` of an entity kept under a uuid (article, team, pro, gear item, setup). */
export const uuidParams = z.object({ id: z.uuid() });

const REVISION_MESSAGE = 'This form has no valid revision; reload the page and edit again.';

/** The revision an edit form was opened at, as the page sent it (a decimal string). */
export const revisionField = z
  .union(
    [
      z.string(REVISION_MESSAGE).regex(/^\d{1,19}$/, REVISION_MESSAGE),
      z.number(REVISION_MESSAGE).int(REVISION_MESSAGE).nonnegative(REVISION_MESSAGE),
    ],
    REVISION_MESSAGE,
  )
  .transform((v) => BigInt(v));

const text = z.preprocess((v) => v ?? '', z.string());

/** A links textarea: `https://…` or `Label | https://…` per line, at most `max` links. */
export const linksFieldOf = (max: number) =>
  text.transform((value, ctx) => {
    const lines = parseLinkLines(value);
    if (lines.length > max) {
      ctx.addIssue({ code: 'custom', message: `At most ${max} links.` });
      return z.NEVER;
    }
    const links: { label: string; url: string }[] = [];
    for (const [i, line] of lines.entries()) {
      const parsed = labelledLink.safeParse(line);
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          message: `Line ${i + 1}: ${parsed.error.issues[0]?.message ?? 'not a link.'}`,
        });
        return z.NEVER;
      }
      links.push(parsed.data);
    }
    return links;
  });
