import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../test-support/client.ts';
import { send, PASSWORD, startHarness, uniqueEmail, type Harness } from './test-support/harness.ts';

/**
 * The pool: twenty sign-ups at once, each from its own address (127.0.0.x), against the real
 * app on a knex pool of 10. No request may hold a connection while it waits for another
 * (docs/reliability.md, "Pool"); before that held, ten sign-ups exhausted the pool and the
 * rest answered 500 after the acquire timeout, while the public API waited with them.
 * Timings are measured by `npm run bench:signup`; this test asserts outcomes only.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const clientFrom = async (n: number): Promise<TestClient> => {
  const c = new TestClient(h.url, { localAddress: `127.0.0.${n}` });
  await c.get('/auth/login');
  return c;
};

describe('concurrent sign-ups', () => {
  it('20 registrations from distinct addresses all succeed, and the API answers meanwhile', async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, (_, i) => clientFrom(i + 10)));
    const emails = clients.map(() => uniqueEmail('crowd'));
    const signUps = clients.map((c, i) =>
      send(c, 'POST', '/auth/register', {
        displayName: `Racer ${i + 1}`,
        email: emails[i],
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
      }),
    );
    const api = new TestClient(h.url, { localAddress: '127.0.0.200' }).get('/api/drivers');
    const [results, apiRes] = await Promise.all([Promise.all(signUps), api]);
    expect(apiRes.status).toBe(200);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 303));
    expect(results.map((r) => r.headers.get('location'))).toEqual(results.map(() => '/'));
    const rows = await h.db.knex('users').whereIn('email', emails).count({ n: '*' }).first();
    expect(Number((rows as { n: number }).n)).toBe(20);

    // …and every one of them signs in, concurrently, from its own address.
    const signIns = await Promise.all(
      clients.map(async (_, i) => {
        const c = await clientFrom(i + 40);
        return send(c, 'POST', '/auth/login', { email: emails[i], password: PASSWORD });
      }),
    );
    expect(signIns.map((r) => r.headers.get('location'))).toEqual(signIns.map(() => '/'));
  }, 60_000);

  it('one email claimed by many at once: exactly one account', async () => {
    const email = uniqueEmail('same');
    const clients = await Promise.all(Array.from({ length: 12 }, (_, i) => clientFrom(i + 70)));
    const results = await Promise.all(
      clients.map((c) =>
        send(c, 'POST', '/auth/register', {
          displayName: 'Same Racer',
          email,
          password: PASSWORD,
          passwordConfirmation: PASSWORD,
        }),
      ),
    );
    expect(results.every((r) => r.status === 303)).toBe(true);
    expect(results.filter((r) => r.headers.get('location') === '/')).toHaveLength(1);
    const rows = await h.db.knex('users').where({ email }).count({ n: '*' }).first();
    expect(Number((rows as { n: number }).n)).toBe(1);
  }, 60_000);
});
