import type { Knex } from 'knex';
import { readCheckpoints } from './checkpoints.ts';
import type { ProjectionRegistry } from './registry.ts';

/**
 * A projection whose live tables are not those its code reads:
 *  - `not-built`: no checkpoint, nothing built yet;
 *  - `first-build`: the first build is under way (stored version 0: the tables are still in the
 *    rebuild's shadow schema);
 *  - `version-change`: a rebuild for the code's version is under way; the live tables keep the
 *    stored version's shape until its swap;
 *  - `stale-version`: the stored version differs and no rebuild runs (the worker has not started
 *    with this code yet, or the rebuild failed: `lastError`).
 */
export interface VersionGap {
  name: string;
  codeVersion: number;
  /** null: no checkpoint. */
  storedVersion: number | null;
  reason: 'not-built' | 'first-build' | 'version-change' | 'stale-version';
  lastError: string | null;
}

/**
 * The projections of `registry` whose stored version is not the code's, from one read of their
 * checkpoints (`readCheckpoints`: one row per projection). A same-version rebuild is no gap: its
 * live tables have the code's shape and the live runner keeps them current.
 */
export async function projectionVersionGaps(
  knex: Knex,
  registry: ProjectionRegistry,
): Promise<VersionGap[]> {
  const byName = await readCheckpoints(knex, registry.names);
  const gaps: VersionGap[] = [];
  for (const p of registry.all) {
    const row = byName.get(p.name);
    if (row && row.version === p.version) continue;
    gaps.push({
      name: p.name,
      codeVersion: p.version,
      storedVersion: row?.version ?? null,
      reason: !row
        ? 'not-built'
        : row.version === 0
          ? 'first-build'
          : row.status === 'rebuilding'
            ? 'version-change'
            : 'stale-version',
      lastError: row?.lastError ?? null,
    });
  }
  return gaps;
}

/** One line for an operator: `racing_results (stored 3, code 4: rebuild under way), …`. */
export function describeVersionGaps(gaps: readonly VersionGap[]): string {
  return gaps
    .map((g) => {
      const what =
        g.reason === 'not-built'
          ? 'not built'
          : g.reason === 'first-build'
            ? 'first build under way'
            : g.reason === 'version-change'
              ? 'rebuild under way'
              : g.lastError?.startsWith('rebuild failed')
                ? 'rebuild failed'
                : 'not rebuilt yet';
      return g.storedVersion === null || g.storedVersion === 0
        ? `${g.name} (code ${g.codeVersion}: ${what})`
        : `${g.name} (stored ${g.storedVersion}, code ${g.codeVersion}: ${what})`;
    })
    .join(', ');
}

export interface VersionWatch {
  gaps(): Promise<VersionGap[]>;
}

/**
 * `projectionVersionGaps` for the callers of a process (readiness, the error handler), one query
 * per `ttlMs` whatever the number of callers; concurrent callers share the query in flight. A
 * failed query is not kept: the next call asks again.
 */
export function createVersionWatch(
  knex: Knex,
  registry: ProjectionRegistry,
  opts: { ttlMs?: number; now?: () => number } = {},
): VersionWatch {
  const ttlMs = opts.ttlMs ?? 1000;
  const now = opts.now ?? Date.now;
  let cached: { at: number; result: Promise<VersionGap[]> } | null = null;
  return {
    gaps() {
      const t = now();
      if (!cached || t - cached.at > ttlMs) {
        const result = projectionVersionGaps(knex, registry);
        const entry = { at: t, result };
        cached = entry;
        result.catch(() => {
          if (cached === entry) cached = null;
        });
      }
      return cached.result;
    },
  };
}
