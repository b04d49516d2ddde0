/**
 * Reads every event of the racing_results projection's types from the bench database, as its
 * rebuild does (readAll filtered by type, pages of 2000, until the end), through the runtime's
 * event store (the PostgreSQL adapter, payloads upcast as every read is), and prints wall time and this process's CPU. The read path of a rebuild, alone.
 *
 *   npx tsx --max-semi-space-size=64 bench/read-all.ts [--db pitwall_bench_data] [--fields full|payload]
 *
 * Needs a database left by `npm run bench:data` (its default pitwall_bench_data).
 * Env: TEST_DATABASE_URL (server; default postgres://postgres@127.0.0.1:5432/test).
 */
import { parseArgs } from 'node:util';
import { openRuntime } from '../src/app/runtime.ts';
import { loadConfig } from '../src/config.ts';
import { START, type Position } from '../src/eventstore/port.ts';
import { racingResultsProjection } from '../src/projections/racing/results-projection.ts';
import { benchDatabaseUrl } from './support/scratch-database.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pitwall_bench_data' },
    fields: { type: 'string', default: 'full' },
  },
});
const fields = values.fields === 'payload' ? 'payload' : 'full';
const rt = await openRuntime(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }), {
  role: 'bench',
  databaseUrl: benchDatabaseUrl(values.db),
  migrate: false,
});
const store = rt.eventStore;

let from: Position = START;
let events = 0;
const t = performance.now();
const cpu = process.cpuUsage();
for (;;) {
  const page = await store.readAll({
    from,
    maxCount: 2000,
    eventTypes: racingResultsProjection.eventTypes,
    fields,
  });
  events += page.events.length;
  from = page.next;
  if (page.isEnd) break;
}
const used = process.cpuUsage(cpu);
await rt.close();
/** ms → seconds, one decimal. */
const sec = (ms: number) => Math.round(ms / 100) / 10;
console.log(
  JSON.stringify({
    fields,
    events,
    wall_s: sec(performance.now() - t),
    user_s: sec(used.user / 1000),
    system_s: sec(used.system / 1000),
  }),
);
