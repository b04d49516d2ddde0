import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../test-support/client.ts';
import { startTestServer, type TestServer } from '../test-support/server.ts';
import type { RouteDef } from '../routing/types.ts';
import { openSession, SESSION_COOKIE, SESSION_TABLE } from './session.ts';

/**
 * The lazy session (session.ts): express-session runs only for a request that brings a session
 * cookie; any other request has no `req.session` until a writer calls `openSession`, and a
 * session opened but left empty is neither stored nor sent.
 */
const route = (name: string, path: string, handler: RouteDef['handler']): RouteDef => ({
  name,
  method: 'GET',
  path,
  auth: 'public',
  ssr: false,
  handler,
});

const lazyRoutes: RouteDef[] = [
  route('lazy.state', '/__lazy/state', (req, res) => {
    res.json({ session: req.session !== undefined });
  }),
  route('lazy.open-empty', '/__lazy/open-empty', (req, res) => {
    const opened = openSession(req);
    res.json({ opened: opened !== undefined && req.session === opened });
  }),
  route('lazy.open-then-redirect', '/__lazy/open-then-redirect', (req, res) => {
    openSession(req);
    res.redirect('/__lazy/state');
  }),
  route('lazy.flash', '/__lazy/flash', (_req, res) => {
    res.inertia.flash({ success: 'Stored lazily' });
    res.redirect('/__lazy/state');
  }),
];

let t: TestServer;
const sessionRows = async (): Promise<number> => {
  const row = (await t.db.knex(SESSION_TABLE).count({ n: '*' }).first()) as { n: number };
  return Number(row.n);
};
const setsSessionCookie = (headers: Headers): boolean =>
  headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`));

beforeAll(async () => {
  t = await startTestServer({ extraRoutes: lazyRoutes });
});
afterAll(async () => {
  await t?.close();
});

describe('lazy sessions', () => {
  it('gives a request without a session cookie no session at all, page after page', async () => {
    const reader = new TestClient(t.url);
    for (let i = 0; i < 3; i++) {
      const res = await reader.get('/__lazy/state');
      expect(res.json()).toEqual({ session: false });
      expect(setsSessionCookie(res.headers)).toBe(false);
    }
    expect(reader.cookie('XSRF-TOKEN')).toBeDefined(); // the reader still has its CSRF token
  });

  it('opens a session on demand; one left empty is neither stored nor sent', async () => {
    const before = await sessionRows();
    const res = await new TestClient(t.url).get('/__lazy/open-empty');
    expect(res.json()).toEqual({ opened: true });
    expect(setsSessionCookie(res.headers)).toBe(false);
    const redirect = await new TestClient(t.url).get('/__lazy/open-then-redirect');
    expect(redirect.status).toBe(302);
    expect(setsSessionCookie(redirect.headers)).toBe(false);
    expect(await sessionRows()).toBe(before);
  });

  it('stores a session opened by a writer; the next request loads it before any handler', async () => {
    const client = new TestClient(t.url);
    await client.get('/__lazy/state');
    const before = await sessionRows();
    const res = await client.get('/__lazy/flash');
    expect(res.status).toBe(302);
    expect(setsSessionCookie(res.headers)).toBe(true);
    expect(await sessionRows()).toBe(before + 1);
    const sid = decodeURIComponent(client.cookie(SESSION_COOKIE)!).replace(/^s:/, '').split('.')[0];
    const row = await t.db
      .knex(SESSION_TABLE)
      .where({ sid })
      .first<{ sess: { inertia?: { flash?: unknown } } }>();
    expect(row.sess.inertia?.flash).toEqual({ success: 'Stored lazily' });
    expect((await client.get('/__lazy/state')).json()).toEqual({ session: true });
  });

  it('sends the redirect of a session opened during the request only once it is stored', async () => {
    const lock = await t.db.knex.transaction();
    try {
      await lock.raw(`LOCK TABLE ${SESSION_TABLE} IN EXCLUSIVE MODE`);
      // fetch resolves on the status line and headers, as a browser follows a redirect.
      const redirect = fetch(new URL('/__lazy/flash', t.url), { redirect: 'manual' });
      const first = await Promise.race([
        redirect.then(() => 'headers' as const),
        new Promise<'held'>((r) => setTimeout(() => r('held'), 400)),
      ]);
      expect(first).toBe('held');
      await lock.rollback();
      const res = await redirect;
      expect(res.status).toBe(302);
      expect(setsSessionCookie(res.headers)).toBe(true);
    } finally {
      if (!lock.isCompleted()) await lock.rollback();
    }
  });
});
