import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUpTo } from '../../app/catch-up.ts';
import { favoritesStreamName } from '../../events/favorites.ts';
import {
  createTestDatabase,
  openTestJobSystem,
  testConfig,
  testRedisUrl,
  type TestDatabase,
} from '../../../tests/support/runtime.ts';
import { hostPortOf, startTcpProxy } from '../../../tests/support/tcp-proxy.ts';
import { rebuildProjection } from '../../projections/core/rebuild.ts';
import { createProjectionRegistry } from '../../projections/core/registry.ts';
import { startWebServer, type RunningWebServer } from '../server.ts';
import { checkReadiness, type Readiness } from './health.ts';

let db: TestDatabase;
let server: RunningWebServer;
let dataDir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const rt = db.runtime;
  await catchUpTo(rt, rt.projections.all);
  dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-health-'));
  server = await startWebServer(
    {
      ...rt,
      config: testConfig({ DATA_DIR: dataDir, READY_MAX_LAG: '0' }),
      databaseUrl: db.url,
      web: { mode: 'none', version: 'v1' },
    },
    { port: 0, host: '127.0.0.1' },
  );
}, 120_000);

afterAll(async () => {
  await server?.close(100);
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function readyz(url = server.url): Promise<{ status: number; body: Readiness }> {
  // One evaluation serves the probes of the next second; wait it out between scenarios.
  await new Promise((r) => setTimeout(r, 1100));
  const res = await fetch(`${url}/readyz`);
  return { status: res.status, body: (await res.json()) as Readiness };
}

describe('/healthz and /readyz', () => {
  it('/healthz answers 200 without touching anything, and sets no cookie', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(((await res.json()) as { status: string }).status).toBe('alive');
  });

  it('/readyz is 200 when the database, Redis, migrations and every projection are fine', async () => {
    const { status, body } = await readyz();
    expect(body.checks).toMatchObject({
      database: { ok: true },
      migrations: { ok: true },
      redis: { ok: true },
      projections: { ok: true },
    });
    expect(status).toBe(200);
    expect(body.status).toBe('ready');
  });

  it('a projection behind by more than READY_MAX_LAG makes it 503 naming the projection', async () => {
    const userId = randomUUID();
    await db.runtime.eventStore.append(favoritesStreamName(userId), [
      {
        id: randomUUID(),
        type: 'DriverFavorited',
        data: { userId, driverId: 42, favoritedAt: new Date().toISOString() },
        metadata: { occurredAt: new Date().toISOString() },
      },
    ]);
    // An append is visible to readers of the log a moment after it commits (xid8 horizon).
    let { status, body } = await readyz();
    for (let i = 0; i < 10 && status === 200; i++) ({ status, body } = await readyz());
    expect(status).toBe(503);
    expect(body.status).toBe('unavailable');
    expect(body.checks.projections!.ok).toBe(false);
    expect(body.checks.projections!.error).toMatch(/behind: .*favorites/);
    await catchUpTo(db.runtime, db.runtime.projections.all);
    expect((await readyz()).status).toBe(200);
  });

  it('a stopped projection makes it 503 naming it', async () => {
    await db
      .knex('projection_checkpoints')
      .where({ name: 'favorites' })
      .update({ status: 'failed' });
    try {
      const { status, body } = await readyz();
      expect(status).toBe(503);
      expect(body.checks.projections!.error).toMatch(/stopped: favorites/);
    } finally {
      await db
        .knex('projection_checkpoints')
        .where({ name: 'favorites' })
        .update({ status: 'idle' });
    }
  });

  it('a first build under way or a projection never built makes it 503 naming it', async () => {
    const row = await db
      .knex('projection_checkpoints')
      .where({ name: 'favorites' })
      .first<Record<string, unknown>>();
    try {
      await db.knex('projection_checkpoints').where({ name: 'favorites' }).update({ version: 0 });
      let { status, body } = await readyz();
      expect(status).toBe(503);
      expect(body.checks.projectionVersions).toMatchObject({
        ok: false,
        projections: [{ name: 'favorites', storedVersion: 0, reason: 'first-build' }],
      });
      await db.knex('projection_checkpoints').where({ name: 'favorites' }).delete();
      ({ status, body } = await readyz());
      expect(status).toBe(503);
      expect(body.checks.projectionVersions!.error).toMatch(/favorites \(code \d+: not built\)/);
    } finally {
      await db.knex('projection_checkpoints').insert(row).onConflict('name').merge();
    }
    expect((await readyz()).status).toBe(200);
  });

  it('a migration not applied makes it 503 naming the migrations check', async () => {
    const last = await db
      .knex('knex_migrations')
      .orderBy('id', 'desc')
      .first<{ id: number; name: string; batch: number; migration_time: Date }>();
    await db.knex('knex_migrations').where({ id: last.id }).delete();
    try {
      const { status, body } = await readyz();
      expect(status).toBe(503);
      expect(body.checks.migrations).toMatchObject({ ok: false, pending: [last.name] });
      expect(body.checks.database!.ok).toBe(true);
    } finally {
      await db.knex('knex_migrations').insert(last);
    }
  });

  it('Redis or the database out of reach: the check names it, within the check timeout', async () => {
    const redisProxy = await startTcpProxy(hostPortOf(testRedisUrl, 6379));
    const jobs = await openTestJobSystem({
      redisUrl: redisProxy.urlFor(testRedisUrl),
      label: 'health',
      logger: db.runtime.logger,
    });
    try {
      await redisProxy.down();
      const readiness = await checkReadiness({
        knex: db.knex,
        jobs,
        logger: db.runtime.logger,
        maxLag: 1000,
      });
      expect(readiness.status).toBe('unavailable');
      expect(readiness.checks.redis!.ok).toBe(false);
      expect(readiness.checks.database!.ok).toBe(true);
    } finally {
      await jobs.close();
      await redisProxy.close();
    }
  });
});

describe('/readyz across a version change', () => {
  it('the new code is not ready until its rebuild swaps in; the previous code is ready until then; liveness stays 200', async () => {
    const rt = db.runtime;
    const favorites = rt.projections.get('favorites');
    const bumped = { ...favorites, version: favorites.version + 1 };
    const next = await startWebServer(
      {
        ...rt,
        config: testConfig({ DATA_DIR: dataDir, READY_MAX_LAG: '0' }),
        databaseUrl: db.url,
        projections: createProjectionRegistry(
          rt.projections.all.map((p) => (p.name === 'favorites' ? bumped : p)),
        ),
        web: { mode: 'none', version: 'v1' },
      },
      { port: 0, host: '127.0.0.1' },
    );
    const deps = { knex: rt.knex, eventStore: rt.eventStore, logger: rt.logger };
    // Only the checkpoints matter here: the rebuilds do not wait for events other databases'
    // open transactions hold back.
    try {
      // Released, the worker not yet restarted: the stored version is the previous one.
      let ready = await readyz(next.url);
      expect(ready.status).toBe(503);
      expect(ready.body.status).toBe('unavailable');
      expect(ready.body.checks.projectionVersions).toMatchObject({
        ok: false,
        projections: [
          {
            name: 'favorites',
            codeVersion: bumped.version,
            storedVersion: favorites.version,
            reason: 'stale-version',
          },
        ],
      });
      expect(ready.body.checks.projectionVersions!.error).toBe(
        `not at the code's version: favorites (stored ${favorites.version}, code ${bumped.version}: not rebuilt yet)`,
      );
      expect(ready.body.checks.database!.ok).toBe(true);
      expect((await fetch(`${next.url}/healthz`)).status).toBe(200);
      expect((await readyz()).status).toBe(200);

      // The rebuild, held in its replay: the old tables serve the previous release.
      let hold!: () => void;
      const held = new Promise<void>((r) => (hold = r));
      let reached!: () => void;
      const inReplay = new Promise<void>((r) => (reached = r));
      const rebuild = rebuildProjection(deps, bumped, {
        maxHeldBackWaitMs: 0,
        onProgress: async (p) => {
          if (p.phase !== 'replay') return;
          reached();
          await held;
        },
      });
      await inReplay;
      ready = await readyz(next.url);
      expect(ready.status).toBe(503);
      expect(ready.body.checks.projectionVersions).toMatchObject({
        projections: [{ name: 'favorites', reason: 'version-change' }],
      });
      expect((await fetch(`${next.url}/healthz`)).status).toBe(200);
      expect((await readyz()).status).toBe(200);
      hold();
      expect(await rebuild).toMatchObject({ kind: 'rebuilt', version: bumped.version });

      // Swapped in: the new code is ready, the previous one is not.
      ready = await readyz(next.url);
      expect(ready.body.checks.projectionVersions).toEqual({ ok: true });
      expect(ready.status).toBe(200);
      const previous = await readyz();
      expect(previous.status).toBe(503);
      expect(previous.body.checks.projectionVersions).toMatchObject({
        projections: [
          { name: 'favorites', storedVersion: bumped.version, codeVersion: favorites.version },
        ],
      });
    } finally {
      await next.close(100);
      await rebuildProjection(deps, favorites, { maxHeldBackWaitMs: 0 });
    }
    expect((await readyz()).status).toBe(200);
  });
});
