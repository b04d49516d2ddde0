import type { Knex } from 'knex';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { applyDriverHistory } from './apply.ts';
import { createDriverHistoryTables, DRIVER_HISTORY_TABLE } from './tables.ts';

export { DRIVER_HISTORY_TABLE } from './tables.ts';

/**
 * The drivers' ratings and licences through time on both clocks (race time, learned time), for
 * the pages "as of a date" (docs/as-of.md). Reads whole events: the learned time is the event's
 * recorded time, which a payload read leaves out. A rebuild replays `apply` over the log.
 */
export const driverHistoryProjection: Projection = {
  name: 'racing_driver_history',
  // Version 2: the leaderboards' rank indexes.
  version: 2,
  eventTypes: ['SubsessionResultsRecorded', 'SubsessionResultsCorrected', 'DriverProfileRecorded'],
  tables: [DRIVER_HISTORY_TABLE],
  createTables: (db: Knex.Transaction | Knex) => createDriverHistoryTables(db),
  apply: (trx: Knex.Transaction, events: readonly RecordedEvent[]) =>
    applyDriverHistory(trx, events),
};
