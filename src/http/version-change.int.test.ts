import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUpTo } from '../app/catch-up.ts';
import { rebuildProjection } from '../projections/core/rebuild.ts';
import { createProjectionRegistry } from '../projections/core/registry.ts';
import { DRIVER_SEARCH_HITS_TABLE } from '../projections/drivers/tables.ts';
import { racingResultsProjection } from '../projections/racing/results-projection.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../../tests/support/runtime.ts';
import { UPDATING_RETRY_AFTER_SECONDS } from './errors.ts';
import { startWebServer, type RunningWebServer } from './server.ts';

/**
 * A release that bumps racing_results' version, served beside the previous release on one
 * database while the worker's rebuild has not swapped the new tables in (docs/projections.md,
 * "Readiness"). The new version's table the live tables lack is taken away by a rename.
 */
let db: TestDatabase;
let dataDir: string;
let previous: RunningWebServer;
let next: RunningWebServer;
const bumped = { ...racingResultsProjection, version: racingResultsProjection.version + 1 };

beforeAll(async () => {
  db = await createTestDatabase();
  const rt = db.runtime;
  await catchUpTo(rt, rt.projections.all);
  dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-version-change-'));
  const serve = (projections: typeof rt.projections) =>
    startWebServer(
      {
        ...rt,
        config: testConfig({ DATA_DIR: dataDir, API_CACHE_SECONDS: '0' }),
        databaseUrl: db.url,
        projections,
        web: { mode: 'none', version: 'v1' },
      },
      { port: 0, host: '127.0.0.1' },
    );
  previous = await serve(rt.projections);
  next = await serve(
    createProjectionRegistry(rt.projections.all.map((p) => (p.name === bumped.name ? bumped : p))),
  );
}, 120_000);

afterAll(async () => {
  await next?.close(100);
  await previous?.close(100);
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const search = (server: RunningWebServer) => ({
  api: () => fetch(`${server.url}/api/drivers/search?q=ma`),
  page: () =>
    fetch(`${server.url}/search?q=ma`, {
      headers: { 'X-Inertia': 'true', 'X-Inertia-Version': 'v1' },
    }),
});

describe('a version change of a read model', () => {
  it('a request failing before the swap is 503 with Retry-After on the new release, 500 where versions match; 200 after the swap', async () => {
    const fresh = search(next);
    const old = search(previous);
    // What works on the live tables answers as usual: the check runs only for a failed request.
    expect((await fresh.api()).status).toBe(200);
    expect((await fresh.page()).status).toBe(200);

    await db.knex.schema.renameTable(DRIVER_SEARCH_HITS_TABLE, `${DRIVER_SEARCH_HITS_TABLE}_away`);
    try {
      for (const ask of [fresh.api, fresh.page]) {
        const res = await ask();
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe(String(UPDATING_RETRY_AFTER_SECONDS));
      }
      const body = (await (await fresh.api()).json()) as { error: string; message: string };
      expect(body).toEqual({
        error: 'service_unavailable',
        message: expect.stringMatching(/being updated/) as string,
      });
      // What does not read the missing table answers as before.
      expect((await fetch(`${next.url}/api/series`)).status).toBe(200);
      // The previous release reads tables at its own version: a missing table there is a bug.
      const bug = await old.api();
      expect(bug.status).toBe(500);
      expect(bug.headers.get('retry-after')).toBeNull();
    } finally {
      await db.knex.schema.renameTable(
        `${DRIVER_SEARCH_HITS_TABLE}_away`,
        DRIVER_SEARCH_HITS_TABLE,
      );
    }

    const rt = db.runtime;
    const rebuilt = await rebuildProjection(
      { knex: rt.knex, eventStore: rt.eventStore, logger: rt.logger },
      bumped,
      { maxHeldBackWaitMs: 0 }, // only the swap matters here
    );
    expect(rebuilt).toMatchObject({ kind: 'rebuilt', version: bumped.version });
    expect((await fresh.api()).status).toBe(200);
    expect((await fresh.page()).status).toBe(200);
    // Wait out the readiness cache, then: the new release ready, the previous one not.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${previous.url}/readyz`)).status).toBe(503);
  });
});
