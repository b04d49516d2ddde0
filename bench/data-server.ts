/**
 * The app measured by bench/data.ts, in its own process so the load generator does not share its
 * event loop: the real Express app (NODE_ENV=production, no client bundle: the JSON API renders
 * no pages) on the 'bench' runtime of the bench database given as argv[2]. Prints one JSON line `{url}` when it
 * listens; closes on SIGTERM.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openRuntime } from '../src/app/runtime.ts';
import { loadConfig } from '../src/config.ts';
import { startWebServer } from '../src/http/server.ts';
import { resolvePiiMasterSecret } from '../src/events/user-pii.ts';

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: data-server.ts <databaseUrl>');

const dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-bench-data-'));
// The personal-data key of the process that seeded the database (PII_MASTER_KEY, else the
// checkout's DATA_DIR/pii-master-key): the database refuses any other (docs/accounts.md).
const piiKey = resolvePiiMasterSecret({
  PII_MASTER_KEY: process.env.PII_MASTER_KEY,
  DATA_DIR: process.env.DATA_DIR ?? '.data',
});
// API_CACHE_SECONDS from the environment (`API_CACHE_SECONDS=0 npm run bench:data`); else the
// app's default.
const config = loadConfig({
  // Benchmarks measure the server, not the API's per-client limit (set it to measure it too).
  API_RATE_LIMIT: process.env.API_RATE_LIMIT ?? '0',
  PII_MASTER_KEY: piiKey,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  API_CACHE_SECONDS: process.env.API_CACHE_SECONDS,
});
const rt = await openRuntime(config, { role: 'bench', databaseUrl });
const app = await startWebServer(
  { ...rt, databaseUrl, web: { mode: 'none', version: 'bench' } },
  { port: 0, host: '127.0.0.1' },
);
console.log(JSON.stringify({ url: app.url }));

process.once('SIGTERM', () => {
  void (async () => {
    await app.close(1000);
    await rt.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
