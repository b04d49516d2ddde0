import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPasswordHash } from '../../commands/users/credentials.ts';
import {
  errorsAfter,
  outbox,
  PASSWORD,
  registerUser,
  send,
  signedInUserId,
  startHarness,
  uniqueEmail,
  type Harness,
} from './test-support/harness.ts';
import type { TestClient } from '../test-support/client.ts';

/** /settings and its calls: change password, user info, delete account (with the PII scan). */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const NEW_PASSWORD = 'another long passphrase';

async function settingsOf(client: TestClient) {
  const res = await client.visit('/settings');
  expect(res.status).toBe(200);
  return res.page().props as unknown as {
    account: Record<string, unknown>;
    favorites: unknown[];
    countries: { code: string }[];
  };
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  const client = await h.client();
  await send(client, 'POST', '/auth/login', { email, password });
  return (await signedInUserId(client)) !== null;
}

describe('GET /settings', () => {
  it('shows the account to its owner and sends a guest to sign in (and back)', async () => {
    const client = await h.client();
    const { email } = await registerUser(client, { displayName: 'Settings Owner' });
    const props = await settingsOf(client);
    expect(props.account).toMatchObject({
      email,
      displayName: 'Settings Owner',
      hasPassword: true,
      discord: null,
      country: null,
    });
    expect(props.countries.some((c) => c.code === 'DE')).toBe(true);
    const guest = await h.client();
    const res = await guest.visit('/settings');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/login?return_to=%2Fsettings');
  });
});

describe('POST /auth/change-password', () => {
  it('changes the password, keeps this session (with a new id) and ends the others', async () => {
    const client = await h.client();
    const { email } = await registerUser(client);
    const other = await h.client();
    await send(other, 'POST', '/auth/login', { email, password: PASSWORD });
    expect(await signedInUserId(other)).not.toBeNull();
    const sid = client.cookie('pitwall.sid');

    const res = await send(client, 'POST', '/auth/change-password', {
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(res.status).toBe(303);
    expect(await errorsAfter(client)).toEqual({});
    expect(client.cookie('pitwall.sid')).not.toBe(sid);
    expect(await signedInUserId(client)).not.toBeNull();
    expect(await signedInUserId(other)).toBeNull();
    expect(await canSignIn(email, NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(email, PASSWORD)).toBe(false);
    const notices = (await outbox(h)).filter((m) => m.recipient === email);
    expect(notices.map((m) => m.subject)).toEqual(['Your Pitwall password was changed']);
  });

  it.each([
    [
      'a wrong current password',
      {
        currentPassword: 'not my password',
        password: NEW_PASSWORD,
        passwordConfirmation: NEW_PASSWORD,
      },
      ['currentPassword'],
    ],
    [
      'a missing current password',
      { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
      ['currentPassword'],
    ],
    ['missing fields', {}, ['password', 'passwordConfirmation']],
    [
      'wrong types',
      { currentPassword: 5, password: [], passwordConfirmation: {} },
      ['currentPassword', 'password', 'passwordConfirmation'],
    ],
    [
      'a common new password',
      { currentPassword: PASSWORD, password: 'qwerty123', passwordConfirmation: 'qwerty123' },
      ['password'],
    ],
    [
      'an oversized new password',
      {
        currentPassword: PASSWORD,
        password: 'p'.repeat(129),
        passwordConfirmation: 'p'.repeat(129),
      },
      ['password'],
    ],
    [
      'a different confirmation',
      { currentPassword: PASSWORD, password: NEW_PASSWORD, passwordConfirmation: 'nope' },
      ['passwordConfirmation'],
    ],
  ])('rejects %s and keeps the password', async (_label, body, fields) => {
    const client = await h.client();
    const { email } = await registerUser(client);
    const userId = (await signedInUserId(client))!;
    const hash = await getPasswordHash(h.db.knex, userId);
    await send(client, 'POST', '/auth/change-password', body);
    expect(Object.keys(await errorsAfter(client)).sort()).toEqual([...fields].sort());
    expect(await getPasswordHash(h.db.knex, userId)).toBe(hash);
    expect(await canSignIn(email, PASSWORD)).toBe(true);
  });
});

describe('POST /auth/user-info', () => {
  it('saves display name, iRacing customer id and country', async () => {
    const client = await h.client();
    await registerUser(client);
    const res = await send(client, 'POST', '/auth/user-info', {
      displayName: '  Jane   Q. Racer ',
      iracingCustomerId: '123456',
      country: 'de',
    });
    expect(res.status).toBe(303);
    expect(await errorsAfter(client)).toEqual({});
    expect((await settingsOf(client)).account).toMatchObject({
      displayName: 'Jane Q. Racer',
      iracingCustomerId: 123456,
      country: 'DE',
    });
    expect(
      ((await client.visit('/')).page().props.auth as { user: { displayName: string } }).user
        .displayName,
    ).toBe('Jane Q. Racer');
    await send(client, 'POST', '/auth/user-info', {
      displayName: 'Jane Q. Racer',
      iracingCustomerId: '',
      country: '',
    });
    expect((await settingsOf(client)).account).toMatchObject({
      iracingCustomerId: null,
      country: null,
    });
  });

  it('appends nothing when nothing changed', async () => {
    const client = await h.client();
    await registerUser(client, { displayName: 'Same Name' });
    const head = await h.store.headPosition();
    await send(client, 'POST', '/auth/user-info', {
      displayName: 'Same Name',
      iracingCustomerId: '',
      country: '',
    });
    expect(await h.store.headPosition()).toBe(head);
  });

  it.each([
    ['missing fields', {}, ['displayName']],
    [
      'wrong types',
      { displayName: 7, iracingCustomerId: { a: 1 }, country: 12 },
      ['displayName', 'iracingCustomerId', 'country'],
    ],
    [
      'an oversized name',
      { displayName: 'n'.repeat(51), iracingCustomerId: '', country: '' },
      ['displayName'],
    ],
    [
      'a negative customer id',
      { displayName: 'Jane', iracingCustomerId: '-4', country: '' },
      ['iracingCustomerId'],
    ],
    [
      'an unknown country',
      { displayName: 'Jane', iracingCustomerId: '', country: 'XX' },
      ['country'],
    ],
    [
      'an oversized country',
      { displayName: 'Jane', iracingCustomerId: '', country: 'D'.repeat(500) },
      ['country'],
    ],
  ])('rejects %s and changes nothing', async (_label, body, fields) => {
    const client = await h.client();
    await registerUser(client, { displayName: 'Unchanged Name' });
    const head = await h.store.headPosition();
    await send(client, 'POST', '/auth/user-info', body);
    expect(Object.keys(await errorsAfter(client)).sort()).toEqual([...fields].sort());
    expect(await h.store.headPosition()).toBe(head);
    expect((await settingsOf(client)).account).toMatchObject({ displayName: 'Unchanged Name' });
  });
});

/** Every row of every table (as text) that contains `needle`, case-insensitively. */
async function tablesContaining(needle: string): Promise<string[]> {
  const tables = await h.db.knex.raw<{ rows: { schema: string; name: string }[] }>(`
    SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`);
  const found: string[] = [];
  for (const t of tables.rows) {
    const result = await h.db.knex.raw<{ rows: { n: number }[] }>(
      `SELECT count(*)::int AS n FROM ??.?? AS t WHERE strpos(lower(t::text), lower(?)) > 0`,
      [t.schema, t.name, needle],
    );
    if (result.rows[0]!.n > 0) found.push(`${t.schema}.${t.name}`);
  }
  return found;
}

async function eventsContaining(needle: string): Promise<string[]> {
  const found: string[] = [];
  let from: Awaited<ReturnType<typeof h.store.readAll>>['next'] | undefined;
  for (;;) {
    const page = await h.store.readAll({ ...(from ? { from } : {}), maxCount: 500 });
    for (const e of page.events)
      if (
        JSON.stringify(e, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
          .toLowerCase()
          .includes(needle.toLowerCase())
      )
        found.push(`${e.type}@${e.streamName}`);
    if (page.isEnd) return found;
    from = page.next;
  }
}

describe('DELETE /auth/user', () => {
  it('deletes the account: no email or name is left in any table or event payload', async () => {
    const email = uniqueEmail('zebulon.quixote');
    const displayName = 'Zebulon Quixote';
    const client = await h.client();
    await registerUser(client, { email, displayName });
    const userId = (await signedInUserId(client))!;
    await send(client, 'POST', '/auth/user-info', {
      displayName,
      iracingCustomerId: '987654',
      country: 'NO',
    });
    await send(client, 'POST', '/favorites', { driverId: 101 });
    await send(await h.client(), 'POST', '/auth/forgot-password', { email }); // a mail in the outbox
    await h.accounts.drain(); // the mail is written by work deferred past the answer
    // The scan sees them while the account exists (so it can see them at all) …
    expect(await tablesContaining(email)).toEqual(
      expect.arrayContaining(['public.users', 'public.mail_outbox']),
    );
    expect(await tablesContaining(displayName)).toContain('public.users');
    // … and the events never held them in clear.
    expect(await eventsContaining(email)).toEqual([]);
    expect(await eventsContaining(displayName)).toEqual([]);

    const res = await send(client, 'DELETE', '/auth/user', { password: PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(await signedInUserId(client)).toBeNull();
    expect(await tablesContaining(email)).toEqual([]);
    expect(await tablesContaining(displayName)).toEqual([]);
    expect(await tablesContaining('987654')).toEqual([]);
    expect(await tablesContaining(userId)).toEqual(
      expect.not.arrayContaining([
        'public.users',
        'public.user_keys',
        'public.user_credentials',
        'public.favorite_drivers',
        'public.http_sessions',
      ]),
    );
    expect(await eventsContaining(email)).toEqual([]);
    expect(await eventsContaining(displayName)).toEqual([]);
    expect(await canSignIn(email, PASSWORD)).toBe(false);
  });

  it('a rebuild of the users read model after a deletion brings no personal data back', async () => {
    const email = uniqueEmail('rebuilt.ghost');
    const client = await h.client();
    await registerUser(client, { email, displayName: 'Rebuilt Ghost' });
    await send(client, 'DELETE', '/auth/user', { password: PASSWORD });
    const { rebuildProjection } = await import('../../projections/core/rebuild.ts');
    const { usersProjection } = await import('../../projections/users/projection.ts');
    const { logger } = await import('./test-support/harness.ts');
    const result = await rebuildProjection(
      { knex: h.db.knex, eventStore: h.store, logger },
      usersProjection,
      { waitForLock: true },
    );
    expect(result.kind).not.toBe('skipped');
    expect(await tablesContaining(email)).toEqual([]);
    expect(await tablesContaining('Rebuilt Ghost')).toEqual([]);
  });

  it('a process that dies right after appending UserDeleted: the account_erasure processor finishes the erasure', async () => {
    const { catchUpForTest } = await import('../../../tests/support/runtime.ts');
    const { rebuildProjection } = await import('../../projections/core/rebuild.ts');
    const { accountErasureProcessor } = await import('../../commands/users/erasure.ts');
    const { handleCommand } = await import('../../commands/core/handle-command.ts');
    const { userDecider } = await import('../../commands/users/decider.ts');
    const { userStreamName } = await import('../../events/user.ts');
    const { logger } = await import('./test-support/harness.ts');
    const runnerDeps = { knex: h.db.knex, eventStore: h.store, logger };
    // The worker's start: the processor's checkpoint at the log's head.
    await rebuildProjection(runnerDeps, accountErasureProcessor, { waitForLock: true });

    const email = uniqueEmail('half.deleted');
    const client = await h.client();
    await registerUser(client, { email, displayName: 'Half Deleted' });
    const userId = (await signedInUserId(client))!;
    await send(await h.client(), 'POST', '/auth/forgot-password', { email });
    await h.accounts.drain();
    // The web process appends UserDeleted and dies before it erases anything.
    await handleCommand(h.store, userStreamName(userId), userDecider, {
      type: 'DeleteUser',
      data: { userId },
    });
    const left = async () =>
      Object.fromEntries(
        await Promise.all(
          [
            'user_keys',
            'user_credentials',
            'identity_claims',
            'password_reset_tokens',
            'mail_outbox',
          ].map(
            async (table) =>
              [
                table,
                Number(
                  (
                    await h.db
                      .knex(table)
                      .where({ user_id: userId })
                      .count<{ n: string }[]>('* as n')
                  )[0]!.n,
                ),
              ] as const,
          ),
        ),
      );
    expect(Object.values(await left()).every((n) => n > 0)).toBe(true);

    await catchUpForTest(runnerDeps, [accountErasureProcessor]);
    expect(await left()).toEqual({
      user_keys: 0,
      user_credentials: 0,
      identity_claims: 0,
      password_reset_tokens: 0,
      mail_outbox: 0,
    });
    await h.project();
    expect(await tablesContaining(email)).toEqual([]);
    expect(await canSignIn(email, PASSWORD)).toBe(false);
  });

  it('a deletion appended before the account_erasure processor existed: the catch-up erases it once, and leaves later ones to the processor', async () => {
    const { catchUpForTest } = await import('../../../tests/support/runtime.ts');
    const { rebuildProjection } = await import('../../projections/core/rebuild.ts');
    const { createProjectionRunner } = await import('../../projections/core/runner.ts');
    const { waitUntilVisible } = await import('../../projections/core/fixtures.test-support.ts');
    const { accountErasureProcessor, finishErasuresBeforeProcessor, ERASURE_CATCH_UP_TABLE } =
      await import('../../commands/users/erasure.ts');
    const { handleCommand } = await import('../../commands/core/handle-command.ts');
    const { userDecider } = await import('../../commands/users/decider.ts');
    const { userStreamName } = await import('../../events/user.ts');
    const { CHECKPOINTS_TABLE } = await import('../../projections/core/checkpoints.ts');
    const { logger } = await import('./test-support/harness.ts');
    const runnerDeps = { knex: h.db.knex, eventStore: h.store, logger };
    const knex = h.db.knex;
    // A database from before the processor: no checkpoint, no catch-up record.
    await knex(CHECKPOINTS_TABLE).where({ name: accountErasureProcessor.name }).delete();
    await knex(ERASURE_CATCH_UP_TABLE).delete();

    const dieAfterAppend = async (userId: string) =>
      handleCommand(h.store, userStreamName(userId), userDecider, {
        type: 'DeleteUser',
        data: { userId },
      });
    const leftOf = async (userId: string) => {
      let rows = 0;
      for (const table of ['user_keys', 'user_credentials', 'identity_claims']) {
        rows += Number(
          (await knex(table).where({ user_id: userId }).count<{ n: string }[]>('* as n'))[0]!.n,
        );
      }
      return rows;
    };
    const registered = async (name: string) => {
      const client = await h.client();
      const { email } = await registerUser(client, {
        email: uniqueEmail(name.toLowerCase().replace(' ', '.')),
        displayName: name,
      });
      return { email, userId: (await signedInUserId(client))! };
    };

    const before = await registered('Before Processor');
    const deleted = await dieAfterAppend(before.userId);
    // Readable before the build (not held back by another database's open transaction), so
    // the head the build starts at is past it.
    await waitUntilVisible(h.store, deleted.position!);
    // The processor is deployed: its first build starts at the head, past that deletion.
    await rebuildProjection(runnerDeps, accountErasureProcessor, { waitForLock: true });
    expect(
      (await createProjectionRunner(runnerDeps).runUntilCaughtUp(accountErasureProcessor)).kind,
    ).toBe('caught-up');
    expect(await leftOf(before.userId)).toBeGreaterThan(0);
    // A deletion after the processor's checkpoint is the processor's, not the catch-up's.
    const after = await registered('After Processor');
    await dieAfterAppend(after.userId);

    const first = await finishErasuresBeforeProcessor(runnerDeps);
    expect(first.kind).toBe('erased');
    expect(first.kind === 'erased' && first.deletions).toBeGreaterThanOrEqual(1);
    expect(await leftOf(before.userId)).toBe(0);
    expect(await canSignIn(before.email, PASSWORD)).toBe(false);
    expect(await leftOf(after.userId)).toBeGreaterThan(0);
    expect(await finishErasuresBeforeProcessor(runnerDeps)).toEqual({ kind: 'done-before' });

    await catchUpForTest(runnerDeps, [accountErasureProcessor]);
    expect(await leftOf(after.userId)).toBe(0);
  });

  it.each([
    ['a wrong password', { password: 'not it at all' }, ['password']],
    ['a missing password', {}, ['password']],
    ['a wrong type', { password: 123 }, ['password']],
  ])('refuses %s and keeps the account', async (_label, body, fields) => {
    const client = await h.client();
    const { email } = await registerUser(client);
    await send(client, 'DELETE', '/auth/user', body);
    expect(Object.keys(await errorsAfter(client))).toEqual(fields);
    expect(await signedInUserId(client)).not.toBeNull();
    expect(await canSignIn(email, PASSWORD)).toBe(true);
  });
});
