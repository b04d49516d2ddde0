import type { Knex } from 'knex';
import { comparePositions, type Position } from '../../eventstore/port.ts';
import { readCheckpoints } from './checkpoints.ts';

export interface WaitForOptions {
  /** Upper bound of the wait. Default 2000 ms. */
  timeoutMs?: number;
  /** First poll interval; grows ×1.5 per poll up to 100 ms. Default 10 ms. */
  pollMs?: number;
}

/**
 * Read-your-writes for mutations: resolves true once every named projection's checkpoint is at
 * or past `position` (the position an append returned), false when `timeoutMs` passes first.
 * A timeout is not an error: the caller redirects anyway and the page shows the change a
 * moment later. A projection with no checkpoint row counts as not caught up.
 *
 * Name only projections that handle the appended event types: the others are woken by the
 * safety poll, not by this append, and would make the wait run to its timeout.
 */
export async function waitForProjections(
  knex: Knex,
  names: readonly string[],
  position: Position,
  opts: WaitForOptions = {},
): Promise<boolean> {
  if (names.length === 0) return true;
  const deadline = Date.now() + (opts.timeoutMs ?? 2000);
  let interval = opts.pollMs ?? 10;
  for (;;) {
    const checkpoints = await readCheckpoints(knex, names);
    const caughtUp = names.every((n) => {
      const c = checkpoints.get(n);
      return c !== undefined && c.version > 0 && comparePositions(c.position, position) >= 0;
    });
    if (caughtUp) return true;
    const remaining = deadline - Date.now();
    if (remaining <= 0) return false;
    await new Promise((r) => setTimeout(r, Math.min(interval, remaining)));
    interval = Math.min(100, interval * 1.5);
  }
}

/** `waitForProjections` bound to a database, for handlers that get it injected. */
export type WaitForProjections = (
  names: readonly string[],
  position: Position,
  opts?: WaitForOptions,
) => Promise<boolean>;

export function createWaitForProjections(knex: Knex): WaitForProjections {
  return (names, position, opts) => waitForProjections(knex, names, position, opts);
}
