import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openRuntime, roleLogger, type Runtime } from '../../src/app/runtime.ts';
import { forkWebProcesses, isWebChild, serveWebChild } from '../../src/app/web-cluster.ts';
import { loadConfig } from '../../src/config.ts';
import type { WebMode } from '../../src/http/deps.ts';
import { startWebServer } from '../../src/http/server.ts';
import { resolvePiiMasterSecret } from '../../src/events/user-pii.ts';
import { freePort } from './production-app.ts';

/** The forked web children inherit the primary's DATA_DIR and PORT through these. */
const DATA_DIR_ENV = 'BENCH_APP_DATA_DIR';
const PORT_ENV = 'BENCH_APP_PORT';

/**
 * The body of a bench's app process (bench/data-server.ts, bench/pages-server.ts): the real
 * Express app with NODE_ENV=production on the database `databaseUrl`, in a process of its own so
 * the load generator does not share its event loop.
 *
 * BENCH_WEB_PROCESSES web processes (default 1): one serves in this process; more are forked as
 * `npm start` does with WEB_CONCURRENCY (src/app/web-cluster.ts): this process keeps the runtime
 * (and runs `prepare`) and serves no HTTP, and each child opens its own runtime and serves on the
 * one port. Prints one JSON line `{url, webProcesses, ...line}` when every process listens;
 * closes on SIGTERM. The API's per-client limit is off unless API_RATE_LIMIT is set; the answer
 * cache follows API_CACHE_SECONDS (else the app's default), `config` adds settings.
 */
export async function serveBenchApp(opts: {
  databaseUrl: string;
  web: WebMode;
  config?: Record<string, string | undefined>;
  /** Runs in the primary before it serves (read models the bench needs built). */
  prepare?: (rt: Runtime) => Promise<void>;
  /** More fields of the JSON line (read in the primary only, once it serves). */
  line?: () => Record<string, unknown>;
}): Promise<void> {
  const webProcesses = Number(process.env.BENCH_WEB_PROCESSES ?? '1');
  if (!Number.isInteger(webProcesses) || webProcesses < 1 || webProcesses > 64)
    throw new Error('BENCH_WEB_PROCESSES must be an integer in 1..64');
  const dataDir =
    process.env[DATA_DIR_ENV] ?? (await mkdtemp(path.join(tmpdir(), 'pitwall-bench-app-')));
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
    PORT: process.env[PORT_ENV] ?? '0',
    API_CACHE_SECONDS: process.env.API_CACHE_SECONDS,
    ...opts.config,
  });
  const { databaseUrl, web } = opts;

  if (isWebChild()) {
    await serveWebChild(config, roleLogger(config, 'web'), { web });
    return;
  }
  const rt = await openRuntime(config, { role: 'bench', databaseUrl });
  await opts.prepare?.(rt);
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
      env: { [DATA_DIR_ENV]: dataDir, [PORT_ENV]: String(port) },
    });
    await children.ready;
    url = `http://127.0.0.1:${port}`;
    close = () => children.close();
  }
  console.log(JSON.stringify({ url, webProcesses, ...opts.line?.() }));

  process.once('SIGTERM', () => {
    void (async () => {
      await close();
      await rt.close();
      await rm(dataDir, { recursive: true, force: true });
      process.exit(0);
    })();
  });
}
