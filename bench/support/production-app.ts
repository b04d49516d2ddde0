import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openRuntime } from '../../src/app/runtime.ts';
import { loadConfig } from '../../src/config.ts';
import { startWebServer } from '../../src/http/server.ts';
import { TestClient } from '../../src/http/test-support/client.ts';
import { buildWebBundle } from '../../tests/e2e/support/build.ts';
import { dropDatabase, recreateDatabase } from './scratch-database.ts';

export interface ScratchApp {
  readonly url: string;
  /** The scratch database's name (unique per run: benchmarks use it in e-mail addresses). */
  readonly dbName: string;
  /** The built bundle's asset version (Inertia visits send it as X-Inertia-Version). */
  readonly version: string;
  close(): Promise<void>;
}

/**
 * The real app as `npm start` runs it in production (NODE_ENV=production, workers on, the built
 * client and SSR bundle: tests/e2e/support/build.ts, built once per source state) on a fresh
 * scratch database. The API's per-client limit is off unless API_RATE_LIMIT is set: the
 * benchmarks measure the server, not the limit.
 */
export async function startProductionScratchApp(): Promise<ScratchApp> {
  const dbName = `pitwall_bench_${randomBytes(4).toString('hex')}`;
  const dbUrl = await recreateDatabase(dbName);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-bench-'));
  const bundle = await buildWebBundle();
  const config = loadConfig({
    API_RATE_LIMIT: process.env.API_RATE_LIMIT ?? '0',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    APP_URL: 'http://127.0.0.1',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PII_MASTER_KEY: randomBytes(32).toString('hex'),
  });
  const rt = await openRuntime(config, { role: 'bench', databaseUrl: dbUrl, workers: true });
  const server = await startWebServer(
    { ...rt, databaseUrl: dbUrl, web: { mode: 'built', dir: bundle } },
    { port: 0, host: '127.0.0.1' },
  );
  return {
    url: server.url,
    dbName,
    version: server.app.version ?? '',
    close: async () => {
      await server.close(100);
      await rt.close();
      await dropDatabase(dbName);
      await rm(dataDir, { recursive: true, force: true });
      await rm(bundle, { recursive: true, force: true });
    },
  };
}

/** Waits until the workers have built the read models the API reads (it answers 200). */
export async function untilApiAnswers(url: string): Promise<void> {
  for (let i = 0; ; i++) {
    if ((await fetch(`${url}/api/drivers`)).status === 200) return;
    if (i > 300) throw new Error('the API never answered 200');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The value at percentile `p` of an ascending list. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

/**
 * A browser-like client sending from `localAddress` (127.0.0.x: per-address rate limits see
 * distinct visitors), with a session and its XSRF cookie from the sign-in page.
 */
export async function clientFrom(url: string, localAddress: string): Promise<TestClient> {
  const c = new TestClient(url, { localAddress });
  await c.get('/auth/login');
  return c;
}

/** A form post as the Inertia client sends it (CSRF header, X-Inertia). */
export function postForm(c: TestClient, path: string, body: unknown) {
  return c.request(path, { method: 'POST', body, csrf: true, inertia: true });
}
