import { z } from 'zod';

/** Query and form schemas of the admin sessions page. */

export const SESSION_REPLAYS_PER_PAGE = 25;

export const replayStatusFilter = z.enum(['all', 'queued', 'running', 'done', 'failed']);
export type ReplayStatusFilter = z.infer<typeof replayStatusFilter>;

/** `/admin/sessions?status=&page=`; an invalid value is an address that names no page (404). */
export const adminSessionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  status: replayStatusFilter.default('all'),
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
