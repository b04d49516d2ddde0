import type { Knex } from 'knex';
import type { DriverRatingHistoryData } from '../../events/racing/drivers.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { RebuildSession } from '../core/types.ts';
import { encodeCopy } from '../racing/copy.ts';
import { chartsOf, deleteCharts, pointColumns, pointsOf } from './charts.ts';
import { createRatingHistoryTables, RATING_HISTORY_TABLE } from './tables.ts';

/**
 * The replay writes each batch's charts by COPY into the fresh table and remembers which keys it
 * has written: only a chart recorded again (rare: a key appears once per fetch of a driver) pays
 * for deleting the points it replaces. The result is `apply`'s: the last chart of each key.
 */
export function ratingHistoryRebuild(): RebuildSession {
  const written = new Set<string>();
  return {
    batchSize: 5000,
    createTables: (trx) => createRatingHistoryTables(trx),
    prepare(events: readonly RecordedEvent[]) {
      const charts = chartsOf(events);
      const again: DriverRatingHistoryData[] = [];
      for (const [key, d] of charts) {
        if (written.has(key)) again.push(d);
        else written.add(key);
      }
      const points = encodeCopy(RATING_HISTORY_TABLE, pointColumns, pointsOf(charts.values()));
      return {
        async write(trx: Knex.Transaction) {
          await deleteCharts(trx, again);
          await points.write(trx);
        },
      };
    },
    finish: () => Promise.resolve(),
  };
}
