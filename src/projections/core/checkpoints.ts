import type { Knex } from 'knex';
import type { Position } from '../../eventstore/port.ts';
import { connectionOf } from './pg-connection.ts';

/** The checkpoint table (migration 0020). Only src/projections/core writes to it. */
export const CHECKPOINTS_TABLE = 'projection_checkpoints';

export type CheckpointStatus = 'running' | 'rebuilding' | 'failed' | 'idle';

export interface Checkpoint {
  name: string;
  /** 0 while the first build is under way; otherwise the code version the live tables were built with. */
  version: number;
  position: Position;
  status: CheckpointStatus;
  eventsApplied: number;
  failures: number;
  lastError: string | null;
  lastErrorAt: Date | null;
  rebuiltAt: Date | null;
  updatedAt: Date;
}

interface CheckpointRow {
  name: string;
  version: number;
  position: string;
  status: CheckpointStatus;
  events_applied: number | string;
  failures: number;
  last_error: string | null;
  last_error_at: Date | null;
  rebuilt_at: Date | null;
  updated_at: Date;
}

function fromRow(r: CheckpointRow): Checkpoint {
  return {
    name: r.name,
    version: r.version,
    position: r.position as Position,
    status: r.status,
    eventsApplied: Number(r.events_applied),
    failures: r.failures,
    lastError: r.last_error,
    lastErrorAt: r.last_error_at,
    rebuiltAt: r.rebuilt_at,
    updatedAt: r.updated_at,
  };
}

export async function readCheckpoint(
  db: Knex | Knex.Transaction,
  name: string,
  opts: { forUpdate?: boolean } = {},
): Promise<Checkpoint | undefined> {
  let q = db<CheckpointRow>(CHECKPOINTS_TABLE).where({ name }).first();
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q;
  return row ? fromRow(row) : undefined;
}

export async function readCheckpoints(
  db: Knex | Knex.Transaction,
  names?: readonly string[],
): Promise<Map<string, Checkpoint>> {
  const q = db<CheckpointRow>(CHECKPOINTS_TABLE).select('*');
  if (names) void q.whereIn('name', names as string[]);
  const rows = await q;
  return new Map(rows.map((r) => [r.name, fromRow(r)]));
}

/** Another runner (or a rebuild's swap) moved the checkpoint since this batch was read. */
export class CheckpointConflictError extends Error {
  override readonly name = 'CheckpointConflictError';
  constructor(
    readonly projection: string,
    readonly expected: Position,
  ) {
    super(`Checkpoint of ${projection} is no longer at ${expected}: another runner advanced it`);
  }
}

/**
 * Compare-and-set: moves the checkpoint from `from` to `to` only if it is still at `from` with
 * the same version; inside the batch's transaction, so the batch's rows and the checkpoint commit
 * together or not at all. Throws CheckpointConflictError (the caller's transaction then rolls
 * back) when zero rows match. A 'rebuilding' status is left alone: the rebuild owns it.
 */
export async function advanceCheckpoint(
  trx: Knex.Transaction,
  args: {
    name: string;
    version: number;
    from: Position;
    to: Position;
    applied: number;
    isEnd: boolean;
  },
): Promise<void> {
  // A named prepared statement on the transaction's connection: it runs once per batch
  // (pg-connection.ts).
  const connection = await connectionOf(trx);
  const result = await connection.query({
    name: 'pw_advance_checkpoint',
    text: `UPDATE ${CHECKPOINTS_TABLE}
        SET position = $1,
            events_applied = events_applied + $2,
            status = CASE WHEN status = 'rebuilding' THEN status
                          WHEN $3 THEN 'idle' ELSE 'running' END,
            failures = 0,
            last_error = CASE WHEN status = 'rebuilding' THEN last_error ELSE NULL END,
            updated_at = now()
      WHERE name = $4 AND position = $5 AND version = $6`,
    values: [args.to, args.applied, args.isEnd, args.name, args.from, args.version],
  });
  if (result.rowCount !== 1) throw new CheckpointConflictError(args.name, args.from);
}

/** Records a failed batch in its own statement (after the batch's transaction rolled back). */
export async function recordFailure(db: Knex, name: string, error: unknown): Promise<void> {
  await db(CHECKPOINTS_TABLE)
    .where({ name })
    .update({
      status: db.raw(`CASE WHEN status = 'rebuilding' THEN status ELSE 'failed' END`),
      last_error: describeError(error).slice(0, 4000),
      last_error_at: db.fn.now(),
      failures: db.raw('failures + 1'),
      updated_at: db.fn.now(),
    });
}

export async function setStatus(
  db: Knex | Knex.Transaction,
  name: string,
  status: CheckpointStatus,
  lastError?: string,
): Promise<void> {
  await db(CHECKPOINTS_TABLE)
    .where({ name })
    .update({
      status,
      ...(lastError !== undefined
        ? { last_error: lastError.slice(0, 4000), last_error_at: db.fn.now() }
        : {}),
      updated_at: db.fn.now(),
    });
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
