/**
 * The app measured by bench/pages.ts, in its own process so the load generator does not share
 * its event loop: the real Express app as `npm start` runs it (NODE_ENV=production, the built
 * client and SSR bundles of argv[3]) on the database argv[2]. The answer cache and the SSR cache
 * follow API_CACHE_SECONDS and SSR_CACHE_MB from the environment (bench/pages.ts sets both to 0).
 * Builds every read model not built yet.
 *
 * BENCH_WEB_PROCESSES web processes (default 1 here; bench/pages.ts passes its own choice): one
 * serves in this process; more are forked as `npm start` does with WEB_CONCURRENCY
 * (src/app/web-cluster.ts): this process keeps the runtime and the read-model builds, and each
 * child opens its own runtime and serves on the one port. Prints one JSON line
 * `{url, version, webProcesses}` when it listens; closes on SIGTERM.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openRuntime, roleLogger } from '../src/app/runtime.ts';
import { forkWebProcesses, isWebChild, serveWebChild } from '../src/app/web-cluster.ts';
import { loadConfig } from '../src/config.ts';
import { builtAssets } from '../src/http/assets.ts';
import { startWebServer } from '../src/http/server.ts';
import { allProjections } from '../src/projections/index.ts';
import { rebuildStaleProjections } from '../src/projections/core/rebuild.ts';
import { resolvePiiMasterSecret } from '../src/events/user-pii.ts';
import { freePort } from './support/production-app.ts';

const [databaseUrl, buildDir] = process.argv.slice(2);
if (!databaseUrl || !buildDir) throw new Error('usage: pages-server.ts <databaseUrl> <buildDir>');
const webProcesses = Number(process.env.BENCH_WEB_PROCESSES ?? '1');
if (!Number.isInteger(webProcesses) || webProcesses < 1 || webProcesses > 64)
  throw new Error('BENCH_WEB_PROCESSES must be an integer in 1..64');

// The forked children inherit the primary's DATA_DIR and PORT through the environment.
const dataDir =
  process.env.BENCH_PAGES_DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'pitwall-bench-pages-')));
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
  HOST: '127.0.0.1',
  PORT: process.env.BENCH_PAGES_PORT ?? '0',
  API_CACHE_SECONDS: process.env.API_CACHE_SECONDS,
  SSR_CACHE_MB: process.env.SSR_CACHE_MB,
});
const web = { mode: 'built', dir: buildDir } as const;

if (isWebChild()) {
  await serveWebChild(config, roleLogger(config, 'web'), { web });
} else {
  const rt = await openRuntime(config, { role: 'bench', databaseUrl });
  // bench:data builds the racing read models only; the pages also read the others (news on the
  // home page, favorites, teams…): build those not built yet, and any whose version changed, as
  // the worker does at start.
  const rebuilt = await rebuildStaleProjections(rt, allProjections);
  if (rebuilt.length > 0) console.error(`[pages-server] built ${rebuilt.length} stale read models`);
  let url: string;
  let close: () => Promise<void>;
  if (webProcesses === 1) {
    const app = await startWebServer({ ...rt, databaseUrl, web }, { port: 0, host: '127.0.0.1' });
    url = app.url;
    close = () => app.close(1000);
  } else {
    const port = await freePort();
    const children = forkWebProcesses({
      count: webProcesses,
      databaseUrl,
      logger: rt.logger,
      env: { BENCH_PAGES_DATA_DIR: dataDir, BENCH_PAGES_PORT: String(port) },
    });
    await children.ready;
    url = `http://127.0.0.1:${port}`;
    close = () => children.close();
  }
  const version = builtAssets(buildDir).version;
  console.log(JSON.stringify({ url, version, webProcesses }));

  process.once('SIGTERM', () => {
    void (async () => {
      await close();
      await rt.close();
      await rm(dataDir, { recursive: true, force: true });
      process.exit(0);
    })();
  });
}
