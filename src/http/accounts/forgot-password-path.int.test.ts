import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_SENT } from './password-reset.ts';
import {
  outbox,
  registerUser,
  send,
  startHarness,
  uniqueEmail,
  type Harness,
} from './test-support/harness.ts';

/**
 * Forgot-password must not tell by its timing whether an account uses the address. Wall time
 * is too noisy to assert, so the test compares the work itself: the database statements the
 * request runs before its answer are the same for an account and for an unknown address, and
 * the lookup, token and mail happen in work deferred past the answer (held here until the test
 * runs it).
 */
let h: Harness;
const held: (() => Promise<void>)[] = [];

beforeAll(async () => {
  h = await startHarness({ accounts: { defer: (task) => void held.push(task) } });
});
afterAll(async () => {
  await h?.close();
});

async function forgot(email: string) {
  const client = await h.client();
  const statements: string[] = [];
  const record = (query: { sql: string }) => void statements.push(query.sql);
  h.db.knex.on('query', record);
  try {
    const res = await send(client, 'POST', '/auth/forgot-password', { email });
    const flash = (await client.visit('/privacy-policy')).page().props.flash as {
      success?: string;
    };
    return { res, flash, statements, tasks: held.splice(0) };
  } finally {
    h.db.knex.removeListener('query', record);
  }
}

describe('POST /auth/forgot-password: one path for every address', () => {
  it('runs the same statements before answering for an account and an unknown address; the lookup and the mail come after', async () => {
    const { email } = await registerUser(await h.client());
    const before = (await outbox(h)).length;
    const known = await forgot(email);
    const unknown = await forgot(uniqueEmail('nobody.home'));

    expect(known.res.status).toBe(303);
    expect(unknown.res.status).toBe(303);
    expect(known.flash.success).toBe(RESET_LINK_SENT);
    expect(unknown.flash.success).toBe(RESET_LINK_SENT);
    expect(known.statements).toEqual(unknown.statements);
    expect(
      known.statements.filter((sql) =>
        /user_emails|"users"|password_reset_tokens|mail_outbox/.test(sql),
      ),
    ).toEqual([]);
    // Nothing was looked up or sent yet: one deferred task each.
    expect(known.tasks).toHaveLength(1);
    expect(unknown.tasks).toHaveLength(1);
    expect((await outbox(h)).length).toBe(before);

    for (const task of [...known.tasks, ...unknown.tasks]) await task();
    expect((await outbox(h)).slice(before).map((m) => m.recipient)).toEqual([email]);
  });
});
