import type { Knex } from 'knex';
import type { DriverRatingHistoryData } from '../../events/racing/drivers.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { RebuildSession, ShadowTransaction } from '../core/types.ts';
import { CopyLines } from '../racing/copy.ts';
import { CHART_COLUMN_NAMES, chartLine, chartRow, chartsOf, writeCharts } from './charts.ts';
import {
  createRatingHistoryKey,
  createRatingHistoryTables,
  RATING_HISTORY_TABLE,
} from './tables.ts';

/**
 * The replay appends each batch's charts by COPY into the fresh table without its key, and
 * remembers which (driver, category, chart) it has written. A chart recorded again (rare: once
 * per fetch of a driver) waits in memory, the last one per key, until the key is built after the
 * replay, then replaces the stored chart. The result is `apply`'s: the last chart of each key.
 */
export function ratingHistoryRebuild(): RebuildSession {
  const written = new Set<string>();
  const again = new Map<string, DriverRatingHistoryData>();
  return {
    batchSize: 5000,
    createTables: (trx) => createRatingHistoryTables(trx, false),
    prepare(events: readonly RecordedEvent[]) {
      const lines = new CopyLines(RATING_HISTORY_TABLE, CHART_COLUMN_NAMES);
      for (const [key, d] of chartsOf(events)) {
        if (written.has(key)) {
          again.set(key, d);
          continue;
        }
        const row = chartRow(d);
        // An empty chart stores nothing; a later chart of its key is then a first one.
        if (!row) continue;
        written.add(key);
        lines.add(chartLine(row));
      }
      const charts = lines.done();
      return { write: (trx: Knex.Transaction) => charts.write(trx) };
    },
    async finish(inShadow: ShadowTransaction) {
      await inShadow(async (trx) => {
        await createRatingHistoryKey(trx);
        await writeCharts(trx, [...again.values()]);
      });
    },
  };
}
