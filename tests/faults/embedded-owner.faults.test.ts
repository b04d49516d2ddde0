import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/http/test-support/free-port.ts';

/**
 * The embedded database's owner exits while another process of the same folder shares it
 * (docs/reliability.md, "Embedded database"): two real processes (support/embedded-site.ts:
 * the runtime with no DATABASE_URL and the web server) on one DATA_DIR, the first starts the
 * embedded PostgreSQL, the second shares it; the owner is stopped as an operator stops it
 * (SIGTERM: it closes and stops its server). The sharer must never answer 500: while the
 * database is gone it answers 503 and its readiness says the database is unreachable, then it
 * stops by itself with a message naming the reason.
 */
interface Site {
  child: ChildProcess;
  url: string;
  database: string;
  output: () => string;
  exited: Promise<number | null>;
}

let dataDir: string;
const sites: Site[] = [];

async function startSite(env: Record<string, string>): Promise<Site> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/faults/support/embedded-site.ts'],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  const first = await new Promise<{ url: string; database: string }>((resolve, reject) => {
    const look = () => {
      const line = output.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) resolve(JSON.parse(line) as { url: string; database: string });
    };
    child.stdout.on('data', look);
    void exited.then((code) => reject(new Error(`exited (${code}) before serving:\n${output}`)));
  });
  const site = { child, ...first, output: () => output, exited };
  sites.push(site);
  return site;
}

async function statusOf(url: string): Promise<number | 'gone'> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 'gone'; // refused: the process has closed its server
  }
}

let owner: Site;
let sharer: Site;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-embedded-owner-'));
  // Run as root, the embedded server runs as the `postgres` user, who must reach DATA_DIR/pg.
  await chmod(dataDir, 0o755);
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    APP_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    API_RATE_LIMIT: '0',
    API_CACHE_SECONDS: '0', // every API answer from the database, none from memory
  };
  owner = await startSite(env);
  sharer = await startSite({ ...env, RUN_WORKERS: 'false' });
  // Ready once the owner's workers have built the read models.
  for (let i = 0; (await statusOf(`${sharer.url}/readyz`)) !== 200; i++) {
    if (i > 600) throw new Error(`the sharer never became ready:\n${sharer.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 240_000);

afterAll(async () => {
  for (const site of sites) if (site.child.exitCode === null) site.child.kill('SIGKILL');
  // A postmaster left behind (its owner killed) would hold the port and the folder.
  try {
    const pid = Number(
      readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[0],
    );
    if (pid > 0) process.kill(pid, 'SIGQUIT');
  } catch {
    // stopped cleanly: no postmaster.pid
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('the embedded database owner exits', () => {
  it('the sharing process answers 503 (never 500) with readiness false, then stops with a message saying why', async () => {
    expect(owner.database).toBe('embedded-started');
    expect(sharer.database).toBe('embedded-shared');
    expect(await statusOf(`${sharer.url}/api/series`)).toBe(200);

    owner.child.kill('SIGTERM');
    expect(await owner.exited).toBe(0);

    const api: (number | 'gone')[] = [];
    const ready: { status: number; database?: string }[] = [];
    const deadline = Date.now() + 60_000;
    while (sharer.child.exitCode === null && Date.now() < deadline) {
      api.push(await statusOf(`${sharer.url}/api/series`));
      try {
        const res = await fetch(`${sharer.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
        const body = (await res.json()) as { checks?: { database?: { error?: string } } };
        ready.push({
          status: res.status,
          ...(body.checks?.database?.error ? { database: body.checks.database.error } : {}),
        });
      } catch {
        // closed meanwhile
      }
      await new Promise((r) => setTimeout(r, 100));
    }

    expect(await sharer.exited, sharer.output()).toBe(0);
    expect(
      api.every((s) => s === 503 || s === 'gone'),
      JSON.stringify(api),
    ).toBe(true);
    expect(api).toContain(503);
    // A readiness answer is reused for a second, so the first may still be the last "ready".
    expect(ready.every((r) => r.status === 503 || r.status === 200)).toBe(true);
    expect(ready.some((r) => r.status === 503 && r.database !== undefined)).toBe(true);
    expect(sharer.output()).toContain(
      'the process that started the embedded PostgreSQL has stopped it; stopping too',
    );
  }, 120_000);
});
