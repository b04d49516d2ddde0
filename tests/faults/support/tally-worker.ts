/**
 * A worker process for the fault suite: the real runtime (event store, job system on the test
 * database's PostgreSQL backend, projection runner) with one tally projection whose batches
 * announce themselves on stdout ("batch <n>") and take a little while, so the suite can kill -9
 * the process in the middle of one. Argument: the database name.
 */
import { openTestRuntime, urlForDatabase } from '../../support/runtime.ts';
import {
  silentLogger,
  tallyEventDefinitions,
  tallyProjection,
} from '../../../src/projections/core/fixtures.test-support.ts';

const name = process.argv[2];
if (!name) throw new Error('usage: tally-worker.ts <database name>');

const runtime = await openTestRuntime({
  database: { name, url: urlForDatabase(name) },
  jobs: 'postgres',
  events: tallyEventDefinitions,
  logger: silentLogger,
  projections: [
    tallyProjection('fault_tally', 1, {
      beforeApply: async (events) => {
        process.stdout.write(`batch ${events.length}\n`);
        await new Promise((r) => setTimeout(r, 150));
      },
    }),
  ],
  workers: { handlerFactories: [] },
});
process.stdout.write('ready\n');
const stop = () => void runtime.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
