import type { Knex } from 'knex';
import { replayEventTypes, type ReplayEvent } from '../../events/replays.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { createSessionReplaysTables, SESSION_REPLAYS_TABLE } from './tables.ts';

/**
 * The state of every replay run: queued on request, running on each started attempt, done with
 * its counts or failed with the reason. Each statement is an upsert or an update by primary key,
 * applied in the batch's order, so a rebuild gives the same rows. A late event of an older
 * attempt cannot reopen a finished run (the updates only move forward).
 */
export const sessionReplaysProjection: Projection = {
  name: 'session_replays',
  version: 1,
  eventTypes: replayEventTypes,
  tables: [SESSION_REPLAYS_TABLE],
  createTables: createSessionReplaysTables,
  async apply(trx, events) {
    for (const event of events) await applyOne(trx, event as RecordedEvent & ReplayEvent);
  },
};

async function applyOne(trx: Knex.Transaction, event: ReplayEvent): Promise<void> {
  const t = SESSION_REPLAYS_TABLE;
  switch (event.type) {
    case 'ReplayRequested': {
      const d = event.data;
      await trx.raw(
        `INSERT INTO ${t} (session_id, run, status, requested_at, requested_by)
         VALUES (?, ?, 'queued', ?, ?) ON CONFLICT (session_id, run) DO NOTHING`,
        [d.sessionId, d.run, d.requestedAt, d.requestedBy],
      );
      return;
    }
    case 'ReplayStarted': {
      const d = event.data;
      await trx.raw(
        `UPDATE ${t} SET status = 'running', started_at = ?, attempts = GREATEST(attempts, ?)
          WHERE session_id = ? AND run = ? AND status IN ('queued', 'running')`,
        [d.startedAt, d.attempt, d.sessionId, d.run],
      );
      return;
    }
    case 'ReplayCompleted': {
      const d = event.data;
      await trx.raw(
        `UPDATE ${t} SET status = 'done', finished_at = ?, subsessions = ?, appended = ?, corrected = ?,
                failed_subsessions = ?::jsonb, reason = NULL
          WHERE session_id = ? AND run = ? AND status IN ('queued', 'running')`,
        [
          d.completedAt,
          d.subsessions,
          d.appended,
          d.corrected,
          JSON.stringify(d.failed),
          d.sessionId,
          d.run,
        ],
      );
      return;
    }
    case 'ReplayFailed': {
      const d = event.data;
      await trx.raw(
        `UPDATE ${t} SET status = 'failed', finished_at = ?, reason = ?
          WHERE session_id = ? AND run = ? AND status IN ('queued', 'running')`,
        [d.failedAt, d.reason, d.sessionId, d.run],
      );
      return;
    }
    default: {
      const _exhaustive: never = event;
      return;
    }
  }
}
