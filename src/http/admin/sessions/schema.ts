import { z } from 'zod';
import { adminPageField } from '../schema.ts';

/** Query and form schemas of the admin sessions page. */

export const SESSION_REPLAYS_PER_PAGE = 25;

export const replayStatusFilter = z.enum(['all', 'queued', 'running', 'done', 'failed']);
export type ReplayStatusFilter = z.infer<typeof replayStatusFilter>;

export const INGESTED_SESSIONS_PER_PAGE = 25;

/** A search box's text: trimmed; empty (the form's "any") is no filter. */
const searchField = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * `/admin/sessions?status=&page=&series=&track=&date=&cursor=`: the replay runs (status, page)
 * and the ingested sessions (searched by series, track and day, paged by `cursor`). An invalid
 * value is an address that names no page (404).
 */
export const adminSessionsQuery = z.object({
  page: adminPageField,
  status: replayStatusFilter.default('all'),
  series: searchField,
  track: searchField,
  date: z
    .union([z.literal(''), z.iso.date()])
    .optional()
    .transform((v) => (v ? v : undefined)),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,512}$/)
    .optional(),
});

const SESSION_ID_MESSAGE = 'Enter an iRacing session id: a whole number greater than 0.';

/**
 * POST /admin/sessions/replay. The id arrives as a number (JSON) or digits (a form field);
 * anything else, zero or negative is refused with one plain message.
 */
export const replaySessionForm = z.object({
  sessionId: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: SESSION_ID_MESSAGE })
      .int(SESSION_ID_MESSAGE)
      .positive(SESSION_ID_MESSAGE)
      .max(2_147_483_647, SESSION_ID_MESSAGE),
  ),
});
