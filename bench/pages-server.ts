/**
 * The app measured by bench/pages.ts, in its own process so the load generator does not share
 * its event loop: the real Express app as `npm start` runs it (NODE_ENV=production, the built
 * client and SSR bundles of argv[3]) on the 'bench' runtime of the database argv[2]. The answer
 * cache and the SSR cache follow API_CACHE_SECONDS and SSR_CACHE_MB from the environment
 * (bench/pages.ts sets both to 0). Builds every read model not built yet. Prints one JSON line `{url, version}` when it listens; closes
 * on SIGTERM.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openRuntime } from '../src/app/runtime.ts';
import { loadConfig } from '../src/config.ts';
import { startWebServer } from '../src/http/server.ts';
import { allProjections } from '../src/projections/index.ts';
import { rebuildStaleProjections } from '../src/projections/core/rebuild.ts';
import { resolvePiiMasterSecret } from '../src/events/user-pii.ts';

const [databaseUrl, buildDir] = process.argv.slice(2);
if (!databaseUrl || !buildDir) throw new Error('usage: pages-server.ts <databaseUrl> <buildDir>');

const dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-bench-pages-'));
// The personal-data key of the process that seeded the database (PII_MASTER_KEY, else the
// checkout's DATA_DIR/pii-master-key): the database refuses any other (docs/accounts.md).
const piiKey = resolvePiiMasterSecret({
  PII_MASTER_KEY: process.env.PII_MASTER_KEY,
  DATA_DIR: process.env.DATA_DIR ?? '.data',
});
const config = loadConfig({
  // Benchmarks measure the server, not the API's per-client limit (set it to measure it too).
  API_RATE_LIMIT: process.env.API_RATE_LIMIT ?? '0',
  PII_MASTER_KEY: piiKey,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  API_CACHE_SECONDS: process.env.API_CACHE_SECONDS,
  SSR_CACHE_MB: process.env.SSR_CACHE_MB,
});
const rt = await openRuntime(config, { role: 'bench', databaseUrl });
// bench:data builds the racing read models only; the pages also read the others (news on the
// home page, favorites, teams…): build those not built yet, and any whose version changed, as
// the worker does at start.
const rebuilt = await rebuildStaleProjections(rt, allProjections);
if (rebuilt.length > 0) console.error(`[pages-server] built ${rebuilt.length} stale read models`);
const app = await startWebServer(
  { ...rt, databaseUrl, web: { mode: 'built', dir: buildDir } },
  { port: 0, host: '127.0.0.1' },
);
console.log(JSON.stringify({ url: app.url, version: app.app.version }));

process.once('SIGTERM', () => {
  void (async () => {
    await app.close(1000);
    await rt.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
