import type { Knex } from 'knex';
import { z } from 'zod';
import type { EventStore } from '../eventstore/port.ts';
import { STORED_FILES_TABLE } from '../files/store.ts';
import { defineJob, handleJob, type JobHandler } from '../jobs/define.ts';
import type { JobHandlerDeps } from '../jobs/handlers.ts';
import { readCheckpoints } from '../projections/core/checkpoints.ts';
import type { Projection } from '../projections/core/types.ts';
import { setupsProjection } from '../projections/setups/projection.ts';
import { SETUPS_TABLE } from '../projections/setups/tables.ts';
import { teamsProjection } from '../projections/teams/projection.ts';
import { TEAMS_TABLE } from '../projections/teams/tables.ts';

/**
 * Removal of stored files nobody names any more (docs/files.md, "Orphans"): a setup file
 * replaced by an edit or of a deleted setup, a team logo replaced, removed or of a deleted
 * team, and a file stored for a command that never got appended (a crash between the two).
 *
 * A file is an orphan when no row of the `setups` read model (`file_id`) and no row of the
 * `teams` read model (`logo_file_id`) names it. Two guards keep a named file from being taken
 * for one:
 *  - a grace period (a day): a file is stored just before the command that names it is
 *    appended and projected, so a young file is never removed;
 *  - the read models must be complete: built (a checkpoint with a version) and with no setup
 *    or team event in the log that they have not applied yet. Otherwise the run removes
 *    nothing and the next one tries again.
 * The log keeps naming removed files (events carry only a `FileRef`); no read model shows a
 * removed file, since each names only the current file of a setup or team that exists.
 */

export const FILES_QUEUE = 'files';

/** How old an unnamed file must be before it is removed. */
export const ORPHAN_FILE_GRACE_MS = 24 * 60 * 60_000;

export const removeOrphanFilesJob = defineJob({
  name: 'files.remove-orphans',
  queue: FILES_QUEUE,
  schema: z.object({}),
  attempts: 3,
  backoffMs: 60_000,
  schedule: { everyMs: 60 * 60_000, data: {} },
});

/** The read models that name stored files, with the column that does. */
const NAMING_PROJECTIONS: readonly Projection[] = [setupsProjection, teamsProjection];

export type OrphanReport =
  { kind: 'removed'; removed: number; bytes: number } | { kind: 'skipped'; reason: string };

/** Why the read models cannot be trusted to list every named file right now; null when they can. */
async function readModelsIncomplete(knex: Knex, eventStore: EventStore): Promise<string | null> {
  const checkpoints = await readCheckpoints(
    knex,
    NAMING_PROJECTIONS.map((p) => p.name),
  );
  for (const projection of NAMING_PROJECTIONS) {
    const checkpoint = checkpoints.get(projection.name);
    if (!checkpoint || checkpoint.version === 0) return `${projection.name} is not built yet`;
    if (checkpoint.status === 'failed') return `${projection.name} has failed`;
    const pending = await eventStore.readAll({
      from: checkpoint.position,
      eventTypes: projection.eventTypes,
      maxCount: 1,
      fields: 'payload',
    });
    if (pending.events.length > 0 || pending.heldBack)
      return `${projection.name} has not applied every event yet`;
  }
  return null;
}

/**
 * Removes every stored file older than `graceMs` at `now` that no setup and no team names.
 * One statement, so a file is judged and removed at the same instant.
 */
export async function removeOrphanFiles(
  deps: { knex: Knex; eventStore: EventStore },
  now: Date,
  graceMs = ORPHAN_FILE_GRACE_MS,
): Promise<OrphanReport> {
  const incomplete = await readModelsIncomplete(deps.knex, deps.eventStore);
  if (incomplete) return { kind: 'skipped', reason: incomplete };
  const cutoff = new Date(now.getTime() - graceMs);
  const result = await deps.knex.raw<{ rows: { byte_size: number }[] }>(
    `DELETE FROM ${STORED_FILES_TABLE} f
      WHERE f.created_at < ?
        AND NOT EXISTS (SELECT 1 FROM ${SETUPS_TABLE} s WHERE s.file_id = f.id)
        AND NOT EXISTS (SELECT 1 FROM ${TEAMS_TABLE} t WHERE t.logo_file_id = f.id)
      RETURNING f.byte_size`,
    [cutoff],
  );
  return {
    kind: 'removed',
    removed: result.rows.length,
    bytes: result.rows.reduce((sum, r) => sum + Number(r.byte_size), 0),
  };
}

/** The handler of `files.remove-orphans` (listed in job-handlers.ts). */
export function orphanFileJobHandlers(deps: JobHandlerDeps): JobHandler[] {
  return [
    handleJob(removeOrphanFilesJob, async (_data, ctx) => {
      const report = await removeOrphanFiles(deps, new Date());
      if (report.kind === 'skipped') ctx.logger.info(report, 'orphan file cleanup skipped');
      else if (report.removed > 0) ctx.logger.info(report, 'orphan stored files removed');
      return report;
    }),
  ];
}
