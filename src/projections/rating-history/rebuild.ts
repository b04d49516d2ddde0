import type { Knex } from 'knex';
import type { DriverRatingHistoryData } from '../../events/racing/drivers.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { RebuildSession, ShadowTransaction } from '../core/types.ts';
import { copyRows, CopyLines } from '../racing/copy.ts';
import { chartsOf, deleteCharts, pointColumns, pointLines, pointsOf } from './charts.ts';
import {
  createRatingHistoryKey,
  createRatingHistoryTables,
  RATING_HISTORY_TABLE,
} from './tables.ts';

const POINT_COLUMN_NAMES = pointColumns.map((c) => c.name);

/**
 * The replay appends each batch's charts by COPY into the fresh table without its key (keeping
 * the key up to date costs more than the COPY), and remembers which (driver, category, chart) it
 * has written. A chart recorded again (rare: once per fetch of a driver) waits in memory, the
 * last one per key, until the key is built after the replay, then replaces the stored points.
 * The result is `apply`'s: the points of the last chart of each key.
 */
export function ratingHistoryRebuild(): RebuildSession {
  const written = new Set<string>();
  const again = new Map<string, DriverRatingHistoryData>();
  return {
    batchSize: 5000,
    createTables: (trx) => createRatingHistoryTables(trx, false),
    prepare(events: readonly RecordedEvent[]) {
      const first: DriverRatingHistoryData[] = [];
      for (const [key, d] of chartsOf(events)) {
        if (written.has(key)) {
          again.set(key, d);
        } else {
          written.add(key);
          first.push(d);
        }
      }
      const lines = new CopyLines(RATING_HISTORY_TABLE, POINT_COLUMN_NAMES);
      pointLines(first, lines.add);
      const points = lines.done();
      return { write: (trx: Knex.Transaction) => points.write(trx) };
    },
    async finish(inShadow: ShadowTransaction) {
      await inShadow(async (trx) => {
        await createRatingHistoryKey(trx);
        if (again.size === 0) return;
        await deleteCharts(trx, [...again.values()]);
        await copyRows(trx, RATING_HISTORY_TABLE, pointColumns, pointsOf(again.values()));
      });
    },
  };
}
