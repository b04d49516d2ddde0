import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';
import { createUserKey, deleteUserKey, PiiKeyring, setPiiKeyring } from '../../events/user-pii.ts';
import type { UserEvent } from '../../events/user.ts';
import { makePosition, type RecordedEvent } from '../../eventstore/port.ts';
import { usersProjection } from './projection.ts';
import { USER_EMAILS_TABLE, USERS_TABLE } from './tables.ts';

/** The users read model: opens sealed fields with the user's key; a missing key opens to null. */
let db: TestDatabase;
const keyring = new PiiKeyring('projection-test-master-secret-0123456789');
let sequence = 0;

const recorded = (events: UserEvent[]): RecordedEvent[] =>
  events.map((e) => ({
    ...e,
    id: randomUUID(),
    metadata: { occurredAt: '2026-01-01T00:00:00.000Z' },
    streamName: `user-${e.data.userId}`,
    revision: 0n,
    position: makePosition(1, ++sequence),
    schemaVersion: 1,
    recordedAt: new Date(),
  }));
const apply = (events: UserEvent[]) =>
  db.knex.transaction((trx) => usersProjection.apply(trx, recorded(events)));

beforeAll(async () => {
  db = await createTestDatabase({ poolMax: 3 });
  setPiiKeyring(keyring);
  await usersProjection.createTables(db.knex);
});
afterAll(async () => {
  await db?.drop();
});

async function registered(userId: string, email: string, name: string): Promise<UserEvent> {
  const cipher = await createUserKey(db.knex, keyring, userId, new Date());
  return {
    type: 'UserRegistered',
    data: {
      userId,
      email: cipher.seal('email', email),
      displayName: cipher.seal('displayName', name),
      method: 'password',
      role: 'member',
      registeredAt: '2026-01-01T00:00:00.000Z',
    },
  };
}

describe('users projection', () => {
  it('stores the opened profile and the email lookup by keyed hash', async () => {
    const userId = randomUUID();
    await apply([await registered(userId, 'opened@example.com', 'Opened Name')]);
    expect(await db.knex(USERS_TABLE).where({ id: userId }).first()).toMatchObject({
      email: 'opened@example.com',
      display_name: 'Opened Name',
      role: 'member',
      session_epoch: 0,
    });
    const lookup = await db
      .knex(USER_EMAILS_TABLE)
      .where({ user_id: userId })
      .first<{ email_hash: string }>();
    expect(lookup.email_hash).toBe(keyring.lookupHash('email', 'opened@example.com'));
  });

  it('opens to null when the key is gone (a replay after deletion), and drops the row on UserDeleted', async () => {
    const userId = randomUUID();
    const event = await registered(userId, 'shredded@example.com', 'Shredded Name');
    await deleteUserKey(db.knex, userId);
    await apply([event]);
    expect(await db.knex(USERS_TABLE).where({ id: userId }).first()).toMatchObject({
      email: null,
      display_name: null,
    });
    expect(await db.knex(USER_EMAILS_TABLE).where({ user_id: userId }).first()).toBeUndefined();
    await apply([{ type: 'UserDeleted', data: { userId, deletedAt: '2026-01-02T00:00:00.000Z' } }]);
    expect(await db.knex(USERS_TABLE).where({ id: userId }).first()).toBeUndefined();
  });

  it('bumps the session epoch on every password change or reset', async () => {
    const userId = randomUUID();
    await apply([
      await registered(userId, 'epoch@example.com', 'Epoch Name'),
      {
        type: 'UserPasswordChanged',
        data: { userId, kind: 'change', changedAt: '2026-01-02T00:00:00.000Z' },
      },
      { type: 'UserPasswordReset', data: { userId, resetAt: '2026-01-03T00:00:00.000Z' } },
    ]);
    expect(await db.knex(USERS_TABLE).where({ id: userId }).first()).toMatchObject({
      session_epoch: 2,
    });
  });

  it('refuses to open keys wrapped under another master key (a configuration error, not silent loss)', async () => {
    const userId = randomUUID();
    const event = await registered(userId, 'other@example.com', 'Other Key');
    setPiiKeyring(new PiiKeyring('a-different-master-secret-0123456789abcd'));
    try {
      await expect(apply([event])).rejects.toThrow(/another PII master key/);
    } finally {
      setPiiKeyring(keyring);
    }
  });
});
