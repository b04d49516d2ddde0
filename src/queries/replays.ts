import type { Knex } from 'knex';
import { pageMeta } from './articles.ts';
import {
  SESSION_REPLAYS_TABLE,
  type SessionReplayRow,
  type SessionReplayStatus,
} from '../projections/session-replays/tables.ts';
import { SUBSESSIONS_TABLE } from '../projections/subsessions/tables.ts';

/**
 * Reads over the `session_replays` read model (the admin sessions page) and the subsessions a
 * replay re-fetches. Eventually consistent with the replay commands: after a request, wait for
 * the `session_replays` projection to pass the request's position before listing.
 */

export interface SessionReplayDto {
  sessionId: number;
  run: number;
  status: SessionReplayStatus;
  requestedAt: string;
  requestedBy: string | null;
  startedAt: string | null;
  attempts: number;
  finishedAt: string | null;
  /** done: subsessions re-fetched, events appended, of which corrections. */
  subsessions: number | null;
  appended: number | null;
  corrected: number | null;
  failedSubsessions: { subsessionId: number; reason: string }[];
  /** failed: why. */
  reason: string | null;
}

export interface SessionReplayPage {
  data: SessionReplayDto[];
  meta: { page: number; perPage: number; total: number; lastPage: number };
}

export interface ListSessionReplaysOptions {
  /** 1-based. Default 1. */
  page?: number;
  /** 1..100. Default 25. */
  perPage?: number;
  status?: SessionReplayStatus;
  sessionId?: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toDto(row: SessionReplayRow): SessionReplayDto {
  return {
    sessionId: row.session_id,
    run: row.run,
    status: row.status,
    requestedAt: row.requested_at.toISOString(),
    requestedBy: row.requested_by,
    startedAt: iso(row.started_at),
    attempts: row.attempts,
    finishedAt: iso(row.finished_at),
    subsessions: row.subsessions,
    appended: row.appended,
    corrected: row.corrected,
    failedSubsessions: row.failed_subsessions,
    reason: row.reason,
  };
}

/** Replay runs, newest request first, paged; optionally of one status or one session. */
export async function listSessionReplays(
  knex: Knex,
  opts: ListSessionReplaysOptions = {},
): Promise<SessionReplayPage> {
  const perPage = Math.min(100, Math.max(1, Math.trunc(opts.perPage ?? 25)));
  const page = Math.max(1, Math.trunc(opts.page ?? 1));
  const filtered = () => {
    const q = knex<SessionReplayRow>(SESSION_REPLAYS_TABLE);
    if (opts.status) q.where('status', opts.status);
    if (opts.sessionId !== undefined) q.where('session_id', opts.sessionId);
    return q;
  };
  const [rows, countRow] = await Promise.all([
    filtered()
      .select('*')
      .orderBy([
        { column: 'requested_at', order: 'desc' },
        { column: 'session_id', order: 'desc' },
        { column: 'run', order: 'desc' },
      ])
      .limit(perPage)
      .offset((page - 1) * perPage),
    filtered().count<{ count: number | string }[]>({ count: '*' }).first(),
  ]);
  const total = Number(countRow?.count ?? 0);
  return {
    data: rows.map(toDto),
    meta: pageMeta(page, perPage, total),
  };
}

/** The subsessions of a session known to the read models (what a replay re-fetches first). */
export async function subsessionIdsOfSession(knex: Knex, sessionId: number): Promise<number[]> {
  const rows: { subsession_id: number }[] = await knex(SUBSESSIONS_TABLE)
    .where({ session_id: sessionId })
    .orderBy('subsession_id')
    .select('subsession_id');
  return rows.map((r) => r.subsession_id);
}
