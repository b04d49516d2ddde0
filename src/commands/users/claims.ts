import type { Knex } from 'knex';
import type { EventStore } from '../../eventstore/port.ts';
import type { LookupKind } from '../../events/user-pii.ts';
import { userStreamName } from '../../events/user.ts';
import { aggregateStream } from '../core/aggregate-stream.ts';
import { userDecider } from './decider.ts';

/**
 * Identity claims: which user holds an email address or a Discord account, by its lookup HMAC
 * (never the value). Write-side state outside the log, like `user_credentials`
 * (migrations/0065_accounts_identity_claims.ts): the claim is taken in ONE autocommit statement
 * (`INSERT … ON CONFLICT DO NOTHING`) before the user's events are appended, so uniqueness
 * holds across every web process without a lock held over the append, the hash or the wait for
 * the users projection — no request ever holds a pool connection while it waits for another
 * (docs/reliability.md, "Pool").
 *
 * A claim whose user never came to exist (the process died between the claim and the append),
 * was deleted, or (Discord) unlinked the account, is stale: the next claimant takes it over
 * once it is `STALE_CLAIM_MS` old.
 */
export const IDENTITY_CLAIMS_TABLE = 'identity_claims';

/** A claim this old whose user does not hold the identity any more can be taken over. */
export const STALE_CLAIM_MS = 60_000;

export type ClaimResult =
  /** Taken now by this user: release it if what it was taken for fails. */
  | 'claimed'
  /** The user held it already. */
  | 'held'
  /** Another user holds it. */
  | 'taken';

interface ClaimRow {
  user_id: string;
  claimed_at: Date;
}

export interface ClaimDeps {
  knex: Knex;
  eventStore: EventStore;
}

export async function claimIdentity(
  deps: ClaimDeps,
  kind: LookupKind,
  identityHash: string,
  userId: string,
  now: Date,
): Promise<ClaimResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await deps.knex.raw<{ rows: unknown[] }>(
      `INSERT INTO ${IDENTITY_CLAIMS_TABLE} (kind, identity_hash, user_id, claimed_at)
       VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING user_id`,
      [kind, identityHash, userId, now],
    );
    if (inserted.rows.length === 1) return 'claimed';
    const holder = await deps
      .knex(IDENTITY_CLAIMS_TABLE)
      .where({ kind, identity_hash: identityHash })
      .first<ClaimRow | undefined>('user_id', 'claimed_at');
    if (!holder) continue; // released in between: try again
    if (holder.user_id === userId) return 'held';
    if (!(await isStale(deps, kind, holder, now))) return 'taken';
    await deps
      .knex(IDENTITY_CLAIMS_TABLE)
      .where({ kind, identity_hash: identityHash, user_id: holder.user_id })
      .delete();
  }
  return 'taken';
}

async function isStale(
  deps: ClaimDeps,
  kind: LookupKind,
  holder: ClaimRow,
  now: Date,
): Promise<boolean> {
  const { state } = await aggregateStream(
    deps.eventStore,
    userStreamName(holder.user_id),
    userDecider,
  );
  if (state.status === 'deleted') return true;
  const old = now.getTime() - new Date(holder.claimed_at).getTime() >= STALE_CLAIM_MS;
  if (state.status === 'absent') return old;
  return kind === 'discord' && state.discordId === null && old;
}

/** Releases the user's claims (all, or those of one kind). Idempotent. */
export async function releaseClaims(
  db: Knex | Knex.Transaction,
  userId: string,
  kind?: LookupKind,
): Promise<void> {
  await db(IDENTITY_CLAIMS_TABLE)
    .where({ user_id: userId, ...(kind ? { kind } : {}) })
    .delete();
}

/** Releases one claim of the user (it failed to use it). */
export async function releaseClaim(
  db: Knex,
  kind: LookupKind,
  identityHash: string,
  userId: string,
): Promise<void> {
  await db(IDENTITY_CLAIMS_TABLE)
    .where({ kind, identity_hash: identityHash, user_id: userId })
    .delete();
}
