import type { Knex } from 'knex';
import { comparePositions, type EventStore, type Position } from '../../eventstore/port.ts';
import { readCheckpoints, type CheckpointStatus } from './checkpoints.ts';
import type { ProjectionRegistry } from './registry.ts';

export interface ProjectionStatus {
  name: string;
  codeVersion: number | null;
  /** null: never built; 0: first build under way. */
  storedVersion: number | null;
  checkpoint: Position | null;
  head: Position;
  /** Events of the projection's types between checkpoint and head; `lagCapped` when counting stopped at the cap. */
  lag: number | null;
  lagCapped: boolean;
  state: CheckpointStatus | 'not-built' | 'stale-version' | 'orphan';
  eventsApplied: number;
  lastError: string | null;
  updatedAt: Date | null;
}

/**
 * One row per projection in code, plus one per checkpoint no code projection claims (orphan).
 * Lag is counted by reading the log from the checkpoint (types filtered), up to `lagCap` events.
 */
export async function projectionStatuses(
  deps: { knex: Knex; eventStore: EventStore },
  registry: ProjectionRegistry,
  opts: { lagCap?: number } = {},
): Promise<ProjectionStatus[]> {
  const lagCap = opts.lagCap ?? 100_000;
  const [checkpoints, head] = await Promise.all([
    readCheckpoints(deps.knex),
    deps.eventStore.headPosition(),
  ]);
  const rows: ProjectionStatus[] = [];
  for (const p of registry.all) {
    const c = checkpoints.get(p.name);
    let lag: number | null = null;
    let lagCapped = false;
    if (c && c.version > 0) {
      lag = 0;
      let from: Position = c.position;
      while (comparePositions(from, head) < 0 && lag < lagCap) {
        const read = await deps.eventStore.readAll({
          from,
          maxCount: Math.min(1000, lagCap - lag),
          eventTypes: p.eventTypes,
        });
        lag += read.events.filter((e) => comparePositions(e.position, head) <= 0).length;
        if (read.isEnd || comparePositions(read.next, from) <= 0) break;
        from = read.next;
      }
      lagCapped = lag >= lagCap;
    }
    const state: ProjectionStatus['state'] = !c
      ? 'not-built'
      : c.version !== 0 && c.version !== p.version && c.status !== 'rebuilding'
        ? 'stale-version'
        : c.status;
    rows.push({
      name: p.name,
      codeVersion: p.version,
      storedVersion: c?.version ?? null,
      checkpoint: c?.position ?? null,
      head,
      lag,
      lagCapped,
      state,
      eventsApplied: c?.eventsApplied ?? 0,
      lastError: c?.lastError ?? null,
      updatedAt: c?.updatedAt ?? null,
    });
  }
  for (const c of checkpoints.values()) {
    if (registry.has(c.name)) continue;
    rows.push({
      name: c.name,
      codeVersion: null,
      storedVersion: c.version,
      checkpoint: c.position,
      head,
      lag: null,
      lagCapped: false,
      state: 'orphan',
      eventsApplied: c.eventsApplied,
      lastError: c.lastError,
      updatedAt: c.updatedAt,
    });
  }
  return rows;
}

/** A plain-text table for the operator CLI. */
export function formatStatusTable(rows: readonly ProjectionStatus[]): string {
  const header = [
    'NAME',
    'VERSION (code/stored)',
    'CHECKPOINT',
    'HEAD',
    'LAG',
    'STATE',
    'LAST ERROR',
  ];
  const body = rows.map((r) => [
    r.name,
    `${r.codeVersion ?? '-'}/${r.storedVersion ?? '-'}`,
    r.checkpoint ?? '-',
    r.head,
    r.lag === null ? '-' : `${r.lagCapped ? '≥' : ''}${r.lag}`,
    r.state,
    r.lastError ? truncate(r.lastError.replace(/\s+/g, ' '), 60) : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...body.map(line)].join('\n');
}

function truncate(s: string, n: number): string {
  return s.length <= n ? s : `${s.slice(0, n - 1)}…`;
}
