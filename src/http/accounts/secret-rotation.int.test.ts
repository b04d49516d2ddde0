import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts, type Accounts } from '../auth/accounts.ts';
import { startWebServer, type RunningWebServer } from '../server.ts';
import { TestClient } from '../test-support/client.ts';
import {
  logger,
  PASSWORD,
  registerUser,
  send,
  signedInUserId,
  startHarness,
  uniqueEmail,
  type Harness,
} from './test-support/harness.ts';

/**
 * SESSION_SECRET rotates without touching personal data: the personal-data key is its own
 * secret (PII_MASTER_KEY, else DATA_DIR/pii-master-key). Accounts made under one session
 * secret sign in on a process started with another, new accounts register there, and the users
 * projection opens them all.
 */
let h: Harness;
let rotated: { server: RunningWebServer; accounts: Accounts };

beforeAll(async () => {
  h = await startHarness({
    env: { SESSION_SECRET: 'the-first-session-secret-0123456789abcdefgh' },
  });
});
afterAll(async () => {
  await rotated?.server.close(100);
  await rotated?.accounts.close();
  await h?.close();
});

describe('rotating SESSION_SECRET', () => {
  it('leaves every account able to sign in and the users projection running', async () => {
    const before = [await registerUser(await h.client()), await registerUser(await h.client())];

    // The same site restarted with a new session secret (same DATA_DIR, same database).
    const config = { ...h.config, SESSION_SECRET: 'a-rotated-session-secret-9876543210zyxwvu' };
    const deps = {
      config,
      logger,
      knex: h.db.knex,
      eventStore: h.store,
      mailer: h.db.runtime.mailer,
      waitForProjections: async () => {
        await h.project();
        return true;
      },
    };
    const accounts = createAccounts(deps, { now: h.clock.now });
    const server = await startWebServer(
      { ...deps, databaseUrl: h.db.url, accounts, web: { mode: 'none', version: 'v1' } },
      { port: 0, host: '127.0.0.1' },
    );
    rotated = { server, accounts };
    const client = async () => {
      const c = new TestClient(server.url);
      await c.get('/auth/login');
      return c;
    };

    for (const { email } of before) {
      const c = await client();
      const res = await send(c, 'POST', '/auth/login', { email, password: PASSWORD });
      expect(res.headers.get('location')).toBe('/');
      expect(await signedInUserId(c)).not.toBeNull();
    }
    const fresh = await client();
    const { email, res } = await registerUser(fresh, { email: uniqueEmail('rotated') });
    expect(res.headers.get('location')).toBe('/');

    await h.project();
    const checkpoint = (await h.db
      .knex('projection_checkpoints')
      .where({ name: 'users' })
      .first()) as { status: string; last_error: string | null };
    expect(checkpoint.status).not.toBe('failed');
    expect(checkpoint.last_error).toBeNull();
    const emails = (await h.db.knex('users').pluck('email')) as string[];
    expect(emails).toEqual(expect.arrayContaining([...before.map((u) => u.email), email]));
  });
});
