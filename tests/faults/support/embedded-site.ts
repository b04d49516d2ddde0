/**
 * One `npm start`-like process for the fault suite's embedded-database test: the real runtime
 * with no DATABASE_URL (so it resolves the embedded PostgreSQL of DATA_DIR on EMBEDDED_PG_PORT:
 * the first such process starts it, a later one shares it) and the web server on a free port,
 * without a client bundle. Configuration comes from the environment, as for `npm start`.
 * Prints one JSON line `{"url":…,"database":"embedded-started"|"embedded-shared"}` on stdout
 * when it serves; the runtime's JSON log lines follow. Closes on SIGTERM, as `npm start` does.
 */
import { configOrExit, openRuntime, roleLogger } from '../../../src/app/runtime.ts';
import { startWebServer } from '../../../src/http/server.ts';

const config = configOrExit(1, process.env);
const logger = roleLogger(config, 'web');
const rt = await openRuntime(config, { role: 'web', logger });
const server = await startWebServer(
  { ...rt, databaseUrl: rt.database.url, web: { mode: 'none', version: 'v1' } },
  { port: 0, host: '127.0.0.1' },
);
rt.onClose(() => server.close(100));
process.stdout.write(`${JSON.stringify({ url: server.url, database: rt.database.kind })}\n`);
