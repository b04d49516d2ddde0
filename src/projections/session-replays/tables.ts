import type { Knex } from 'knex';

/**
 * Read model `session_replays`: one row per replay run of a session (admin list of replays).
 *   session_id, run (PK) · status 'queued' | 'running' | 'done' | 'failed' · requested_at ·
 *   requested_by (opaque user id or null) · started_at (last attempt) · attempts · finished_at ·
 *   subsessions, appended, corrected (done runs) · failed_subsessions jsonb
 *   [{subsessionId, reason}] · reason (failed runs)
 */
export const SESSION_REPLAYS_TABLE = 'session_replays';

export type SessionReplayStatus = 'queued' | 'running' | 'done' | 'failed';

export interface SessionReplayRow {
  session_id: number;
  run: number;
  status: SessionReplayStatus;
  requested_at: Date;
  requested_by: string | null;
  started_at: Date | null;
  attempts: number;
  finished_at: Date | null;
  subsessions: number | null;
  appended: number | null;
  corrected: number | null;
  failed_subsessions: { subsessionId: number; reason: string }[];
  reason: string | null;
}

export async function createSessionReplaysTables(db: Knex.Transaction | Knex): Promise<void> {
  await db.raw(`
    CREATE TABLE ${SESSION_REPLAYS_TABLE} (
      session_id          integer NOT NULL,
      run                 integer NOT NULL,
      status              text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
      requested_at        timestamptz NOT NULL,
      requested_by        text,
      started_at          timestamptz,
      attempts            integer NOT NULL DEFAULT 0,
      finished_at         timestamptz,
      subsessions         integer,
      appended            integer,
      corrected           integer,
      failed_subsessions  jsonb NOT NULL DEFAULT '[]',
      reason              text,
      PRIMARY KEY (session_id, run)
    )`);
  // The admin list: newest request first, stable under equal times.
  await db.raw(
    `CREATE INDEX ${SESSION_REPLAYS_TABLE}_recent ON ${SESSION_REPLAYS_TABLE} (requested_at DESC, session_id DESC, run DESC)`,
  );
}
