import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../../src/app/bundle.ts';
import { projectRoot } from '../../src/http/app.ts';
import { createTestDatabase, type TestDatabase } from '../support/runtime.ts';
import { launchChromium } from './support/browser.ts';
import { freePort } from '../../src/http/test-support/free-port.ts';

/**
 * `npm start` (src/main.ts) as a deployment runs it, in its own process: NODE_ENV unset (so the
 * process's own default applies), DATABASE_URL and APP_URL set. The bundle in ./dist is reused
 * when fresh and built once when not, as `npm start` itself does; the process then finds it fresh.
 */
let db: TestDatabase;
let dataDir: string;
let child: ChildProcess;
let url: string;
let browser: Browser;
const stdout: string[] = [];

async function until200(target: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const res = await fetch(target);
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = String(err); // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${target} did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}

beforeAll(async () => {
  await ensureBundle(projectRoot, path.join(projectRoot, 'dist'));
  db = await createTestDatabase({ poolMax: 2 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-production-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: url,
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PII_MASTER_KEY: randomBytes(32).toString('hex'),
    API_RATE_LIMIT: '0',
    // Every answer below comes from the database as it is at that moment.
    API_CACHE_SECONDS: '0',
    SSR_CACHE_MB: '0',
  };
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => stdout.push(chunk));
  await until200(`${url}/healthz`, 120_000);
  // The workers create the read tables on their first run; the pages below read them.
  await until200(`${url}/api/series`, 120_000);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** The `script-src` directive of a Content-Security-Policy header. */
const scriptSrc = (csp: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '));

describe('npm start in production (the default)', () => {
  it('serves the built bundle under a CSP without unsafe-inline: inline scripts carry the nonce', async () => {
    const res = await fetch(`${url}/`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    const scripts = scriptSrc(csp);
    expect(scripts).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/ws:/);
    const nonce = /'nonce-([^']+)'/.exec(scripts ?? '')![1];

    const html = await res.text();
    expect(html).not.toContain('/@vite/client');
    const tags = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(tags.length).toBeGreaterThan(1);
    for (const attrs of tags) {
      // Each script is the built bundle, non-executable page data, or inline with the nonce.
      const ok =
        /\bsrc="\/assets\/[^"]+\.js"/.test(attrs) ||
        /\btype="application\/json"/.test(attrs) ||
        attrs.includes(`nonce="${nonce}"`);
      expect(ok, `<script${attrs}>`).toBe(true);
    }

    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const js = await fetch(`${url}${asset}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('hydrates in Chromium with no CSP violation or other console error', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await page.goto(`${url}/series`);
      await page.waitForLoadState('networkidle');
      // Hydrated: a nav link makes an Inertia visit (XHR), which only the running bundle does.
      const visit = page.waitForRequest((r) => r.headers()['x-inertia'] === 'true');
      await page.click('[data-test="nav-drivers"]');
      await visit;
      await page.waitForURL(`${url}/drivers`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('answers a server error with no details: no message, no SQL, no stack', async () => {
    // A read table gone missing is a bug (not an outage): the query fails with PostgreSQL's own
    // message, which must stay in the log.
    await db.knex.raw('ALTER TABLE racing_series RENAME TO racing_series_hidden');
    try {
      const api = await fetch(`${url}/api/series`);
      expect(api.status).toBe(500);
      expect(await api.json()).toEqual({
        error: 'server_error',
        message: 'Something went wrong on our side.',
      });
      const page = await fetch(`${url}/series`);
      expect(page.status).toBe(500);
      const html = await page.text();
      expect(html).toContain('data-test="server-error"');
      expect(html).not.toMatch(/racing_series|relation|does not exist|\.ts:\d+/);
    } finally {
      await db.knex.raw('ALTER TABLE racing_series_hidden RENAME TO racing_series');
    }
  });

  it('logs JSON lines (one object a line, pino levels)', () => {
    const text = stdout.join('');
    // Whole lines only: the process may be writing one right now.
    const lines = text.slice(0, text.lastIndexOf('\n')).split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    const entries = lines.map((l) => JSON.parse(l) as { level: number; msg: string; url?: string });
    expect(entries.find((l) => l.msg.startsWith('Pitwall is running at'))).toMatchObject({
      level: 30,
      url,
    });
  });
});
