import type { Knex } from 'knex';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { driverCareerPart } from '../driver-career/index.ts';
import { driversPart } from '../drivers/index.ts';
import { lapTimesPart } from '../lap-times/index.ts';
import { pacePart } from '../pace/index.ts';
import { participationPart } from '../participation/index.ts';
import { seasonLeaderboardsPart } from '../season-leaderboards/index.ts';
import { subsessionsPart } from '../subsessions/index.ts';
import { loadPreviousContributions } from '../subsessions/previous.ts';
import { toRacingBatch } from './batch.ts';
import { contributionOf } from './contributions.ts';
import type { PartContext, ResultsPart } from './part.ts';
import { resultsRebuild } from './results-rebuild.ts';

/**
 * Every read model fed by subsession results, as ONE projection. Result events are the bulk of
 * the log (a season of a busy series is a million rows) and the runner reads the log once per
 * projection, so the result read models share one read, one decode and one flattening per
 * batch; each part still owns its tables, DDL and version (see ./part.ts).
 *
 * Order matters: the subsessions part writes first, and the parts after it recompute from its
 * rows where a correction makes deltas impossible (minima, distinct counts). The previous
 * contributions of corrected subsessions are read before anything is written.
 */
export const resultsParts: readonly ResultsPart[] = [
  subsessionsPart,
  seasonLeaderboardsPart,
  lapTimesPart,
  participationPart,
  pacePart,
  driverCareerPart,
  driversPart,
];

export const racingResultsProjection: Projection = {
  name: 'racing_results',
  // Part versions only ever go up, so their sum changes whenever any part's does.
  version: resultsParts.reduce((v, p) => v + p.version, 0),
  eventTypes: ['SubsessionResultsRecorded', 'SubsessionResultsCorrected', 'DriverProfileRecorded'],
  tables: resultsParts.flatMap((p) => p.tables),
  async createTables(db: Knex.Transaction | Knex) {
    for (const p of resultsParts) await p.createTables(db);
  },
  async apply(trx: Knex.Transaction, events: readonly RecordedEvent[]) {
    const batch = toRacingBatch(events);
    const previous = await loadPreviousContributions(
      trx,
      batch.subsessions.map((s) => s.data.subsessionId),
    );
    const ctx: PartContext = { batch, current: batch.subsessions.map(contributionOf), previous };
    for (const p of resultsParts) await p.apply(trx, ctx);
  },
  rebuild: () => resultsRebuild(resultsParts),
};
