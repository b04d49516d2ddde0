import { describe, expect, it } from 'vitest';
import { CHECKPOINTS_TABLE } from './checkpoints.ts';
import { appendTallies, deferred, tallyProjection, useTestStore } from './fixtures.test-support.ts';
import { rebuildProjection, type RebuildOptions } from './rebuild.ts';
import { createProjectionRegistry } from './registry.ts';
import type { Projection } from './types.ts';
import { createVersionWatch, describeVersionGaps, projectionVersionGaps } from './versions.ts';

describe('projectionVersionGaps', () => {
  const fx = useTestStore();
  // The rows a rebuild leaves do not matter here, only its checkpoint: no wait for events that
  // other databases' open transactions hold back (a wait of up to 10 s per rebuild otherwise).
  const rebuild = (p: Projection, opts: RebuildOptions = {}) =>
    rebuildProjection(fx.deps(), p, { maxHeldBackWaitMs: 0, ...opts });

  it('names each projection whose live tables are not at the code version, with the reason', async () => {
    const v1 = tallyProjection('versions_a', 1);
    const v2 = tallyProjection('versions_a', 2);
    const other = tallyProjection('versions_b', 1);
    await appendTallies(fx.store, 3);
    const gapsOf = (...ps: ReturnType<typeof tallyProjection>[]) =>
      projectionVersionGaps(fx.db.knex, createProjectionRegistry(ps));

    expect(await gapsOf(v1, other)).toEqual([
      expect.objectContaining({ name: 'versions_a', storedVersion: null, reason: 'not-built' }),
      expect.objectContaining({ name: 'versions_b', storedVersion: null, reason: 'not-built' }),
    ]);

    // A first build held in its replay: version 0 until the swap.
    const held = deferred();
    const reached = deferred();
    const first = rebuild(v1, {
      onProgress: async () => {
        reached.resolve();
        await held.promise;
      },
    });
    await reached.promise;
    expect(await gapsOf(v1)).toEqual([
      expect.objectContaining({ name: 'versions_a', storedVersion: 0, reason: 'first-build' }),
    ]);
    held.resolve();
    await first;
    await rebuild(other);
    expect(await gapsOf(v1, other)).toEqual([]);

    // The code moved to version 2; the worker has not rebuilt yet.
    expect(await gapsOf(v2, other)).toEqual([
      {
        name: 'versions_a',
        codeVersion: 2,
        storedVersion: 1,
        reason: 'stale-version',
        lastError: null,
      },
    ]);

    // The version change's rebuild, held in its replay: the old tables still serve.
    const held2 = deferred();
    const reached2 = deferred();
    const change = rebuild(v2, {
      onProgress: async () => {
        reached2.resolve();
        await held2.promise;
      },
    });
    await reached2.promise;
    const during = await gapsOf(v2, other);
    expect(during).toEqual([
      expect.objectContaining({ name: 'versions_a', storedVersion: 1, reason: 'version-change' }),
    ]);
    expect(describeVersionGaps(during)).toBe('versions_a (stored 1, code 2: rebuild under way)');
    // The previous release's code (version 1) is at its version until the swap.
    expect(await gapsOf(v1, other)).toEqual([]);
    held2.resolve();
    await change;

    expect(await gapsOf(v2, other)).toEqual([]);
    // After the swap the previous release's code is the one not at its version.
    expect(await gapsOf(v1)).toEqual([
      expect.objectContaining({ codeVersion: 1, storedVersion: 2, reason: 'stale-version' }),
    ]);
    // A same-version rebuild is no gap: its live tables have the code's shape.
    const held3 = deferred();
    const reached3 = deferred();
    const same = rebuild(v2, {
      onProgress: async () => {
        reached3.resolve();
        await held3.promise;
      },
    });
    await reached3.promise;
    expect(await gapsOf(v2)).toEqual([]);
    held3.resolve();
    await same;
  });

  it('the watch asks once per ttl, shares the query in flight, and forgets a failure', async () => {
    const p = tallyProjection('versions_watch', 1);
    let t = 0;
    const registry = createProjectionRegistry([p]);
    const watch = createVersionWatch(fx.db.knex, registry, { ttlMs: 1000, now: () => t });
    const first = watch.gaps();
    expect(watch.gaps()).toBe(first);
    expect(await first).toEqual([expect.objectContaining({ reason: 'not-built' })]);

    await rebuild(p);
    t = 900;
    expect(await watch.gaps()).toEqual([expect.objectContaining({ reason: 'not-built' })]);
    t = 1001;
    expect(await watch.gaps()).toEqual([]);

    await fx.db.knex.raw(`ALTER TABLE ${CHECKPOINTS_TABLE} RENAME TO checkpoints_away`);
    try {
      t = 2500;
      await expect(watch.gaps()).rejects.toThrow(/checkpoints/);
    } finally {
      await fx.db.knex.raw(`ALTER TABLE checkpoints_away RENAME TO ${CHECKPOINTS_TABLE}`);
    }
    expect(await watch.gaps()).toEqual([]);
  });
});
