/**
 * The app measured by bench/data.ts, in its own process so the load generator does not share its
 * event loop: the real Express app (NODE_ENV=production, no client bundle: the JSON API renders
 * no pages) on the 'bench' runtime of the bench database given as argv[2]. Prints one JSON line
 * `{url, webProcesses}` when it listens; closes on SIGTERM.
 *
 * BENCH_WEB_PROCESSES web processes (default 1 here; bench/data.ts passes its own choice): one
 * serves in this process; more are forked as `npm start` does with WEB_CONCURRENCY
 * (src/app/web-cluster.ts): this process keeps the runtime and serves no HTTP, and each child
 * opens its own runtime and serves on the one port.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openRuntime, roleLogger } from '../src/app/runtime.ts';
import { forkWebProcesses, isWebChild, serveWebChild } from '../src/app/web-cluster.ts';
import { loadConfig } from '../src/config.ts';
import { startWebServer } from '../src/http/server.ts';
import { resolvePiiMasterSecret } from '../src/events/user-pii.ts';
import { freePort } from './support/production-app.ts';

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: data-server.ts <databaseUrl>');
const webProcesses = Number(process.env.BENCH_WEB_PROCESSES ?? '1');
if (!Number.isInteger(webProcesses) || webProcesses < 1 || webProcesses > 64)
  throw new Error('BENCH_WEB_PROCESSES must be an integer in 1..64');

// The forked children inherit the primary's DATA_DIR and PORT through the environment.
const dataDir =
  process.env.BENCH_DATA_DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'pitwall-bench-data-')));
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
  HOST: '127.0.0.1',
  PORT: process.env.BENCH_DATA_PORT ?? '0',
  API_CACHE_SECONDS: process.env.API_CACHE_SECONDS,
});
const web = { mode: 'none', version: 'bench' } as const;

if (isWebChild()) {
  await serveWebChild(config, roleLogger(config, 'web'), { web });
} else {
  const rt = await openRuntime(config, { role: 'bench', databaseUrl });
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
      env: { BENCH_DATA_DATA_DIR: dataDir, BENCH_DATA_PORT: String(port) },
    });
    await children.ready;
    url = `http://127.0.0.1:${port}`;
    close = () => children.close();
  }
  console.log(JSON.stringify({ url, webProcesses }));

  process.once('SIGTERM', () => {
    void (async () => {
      await close();
      await rt.close();
      await rm(dataDir, { recursive: true, force: true });
      process.exit(0);
    })();
  });
}
