import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from './test-support/client.ts';
import { fixtureRoutes, WRITES_TABLE } from './test-support/fixture-routes.ts';
import { startTestServer, type TestServer } from './test-support/server.ts';

let t: TestServer;
let client: TestClient;

const writes = async (): Promise<number> => {
  const row = (await t.db.knex(WRITES_TABLE).count({ n: '*' }).first()) as { n: number };
  return Number(row.n);
};
const validForm = { name: 'Jane', email: 'jane@example.com' };

beforeAll(async () => {
  t = await startTestServer({ extraRoutes: fixtureRoutes });
  await t.db.knex.schema.createTable(WRITES_TABLE, (table) => {
    table.increments('id');
    table.string('name').notNullable();
  });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  client = new TestClient(t.url);
  await client.get('/__t/props');
});

describe('CSRF', () => {
  it('gives a reader a JS-readable XSRF-TOKEN cookie (SameSite=Lax) and no session', async () => {
    const fresh = new TestClient(t.url);
    const res = await fresh.get('/__t/props');
    const cookies = res.headers.getSetCookie();
    const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(xsrf).toMatch(/SameSite=Lax/i);
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(cookies.some((c) => c.startsWith('pitwall.sid='))).toBe(false);
    // The returning reader keeps its token: no new cookie on the next page.
    expect((await fresh.get('/__t/props')).headers.getSetCookie()).toEqual([]);
  });

  it('stores a session (httpOnly cookie) once there is something in it, with a token bound to it', async () => {
    const fresh = new TestClient(t.url);
    await fresh.get('/__t/props');
    const anonymous = fresh.cookie('XSRF-TOKEN');
    const res = await fresh.get('/__t/flash');
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('pitwall.sid='))!;
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=Lax/i);
    expect(fresh.cookie('XSRF-TOKEN')).not.toBe(anonymous);
    const ok = await fresh.visit('/__t/form', { method: 'POST', body: validForm, csrf: true });
    expect(ok.status).toBe(303);
  });

  it('sets no cookie on a public JSON GET (its answer may sit in a shared cache)', async () => {
    const res = await new TestClient(t.url).get('/api/__t/public');
    expect(res.json()).toEqual({ hello: 'world' });
    expect(res.headers.getSetCookie()).toEqual([]);
    // Not even for a signed-in browser, whose pages refresh the rolling session cookie.
    await client.get('/__t/flash');
    expect((await client.get('/__t/props')).headers.getSetCookie()).not.toEqual([]);
    const api = await client.get('/api/__t/public');
    expect(api.status).toBe(200);
    expect(api.headers.getSetCookie()).toEqual([]);
  });

  it('rejects a page mutation without X-XSRF-TOKEN with 419 and the PageExpired page; nothing changes', async () => {
    const before = await writes();
    const res = await client.visit('/__t/form', { method: 'POST', body: validForm });
    expect(res.status).toBe(419);
    expect(res.page().component).toBe('Public/PageExpired');
    expect(await writes()).toBe(before);
  });

  it('rejects a wrong token, and a token of another session', async () => {
    const other = new TestClient(t.url);
    await other.get('/__t/props');
    const before = await writes();
    const wrong = await client.visit('/__t/form', {
      method: 'POST',
      body: validForm,
      headers: { 'X-XSRF-TOKEN': 'not-the-token' },
    });
    expect(wrong.status).toBe(419);
    const stolen = await client.visit('/__t/form', {
      method: 'POST',
      body: validForm,
      headers: { 'X-XSRF-TOKEN': other.cookie('XSRF-TOKEN')! },
    });
    expect(stolen.status).toBe(419);
    expect(await writes()).toBe(before);
  });

  it("rejects a session's token sent without its session, and a forged reader's token", async () => {
    await client.get('/__t/flash'); // now the client has a session and a token bound to it
    const token = client.cookie('XSRF-TOKEN')!;
    const post = (cookieToken: string, headerToken: string) =>
      fetch(`${t.url}/__t/form`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-XSRF-TOKEN': headerToken,
          Cookie: `XSRF-TOKEN=${encodeURIComponent(cookieToken)}`,
        },
        body: JSON.stringify(validForm),
        redirect: 'manual',
      });
    const before = await writes();
    expect((await post(token, token)).status).toBe(419);
    // A made-up token in both places (what a site that can plant cookies could send).
    expect((await post('nonce.not-a-signature', 'nonce.not-a-signature')).status).toBe(419);
    expect(await writes()).toBe(before);
  });

  it('answers a JSON mutation without the token with a 419 JSON error', async () => {
    const before = await writes();
    const res = await client.request('/api/__t/write', { method: 'POST', body: { name: 'x' } });
    expect(res.status).toBe(419);
    expect(res.json()).toMatchObject({ error: 'csrf_token_mismatch' });
    expect(res.json<{ message: string }>().message).toMatch(/Nothing was changed/);
    expect(await writes()).toBe(before);
  });

  it('lets a mutation with the right token through', async () => {
    const before = await writes();
    const res = await client.visit('/__t/form', { method: 'POST', body: validForm, csrf: true });
    expect(res.status).toBe(303);
    const api = await client.request('/api/__t/write', {
      method: 'POST',
      body: { name: 'y' },
      csrf: true,
    });
    expect(api.status).toBe(201);
    expect(await writes()).toBe(before + 2);
  });

  it('does not ask GET requests for a token', async () => {
    expect((await new TestClient(t.url).visit('/__t/props')).status).toBe(200);
  });
});

describe('sessions', () => {
  it('stores the session in PostgreSQL (http_sessions)', async () => {
    await client.get('/__t/flash');
    const sid = client.cookie('pitwall.sid')!;
    const id = decodeURIComponent(sid).replace(/^s:/, '').split('.')[0]!;
    const row = await t.db
      .knex('http_sessions')
      .where({ sid: id })
      .first<{ sid: string } | undefined>();
    expect(row?.sid).toBe(id);
  });

  it('sends a redirect only once the session it changed is stored (the next page sees the flash)', async () => {
    await client.get('/__t/flash'); // a stored session (the row the lock below holds)
    await client.get('/__t/props'); // flash shown; the session stays
    const sid = decodeURIComponent(client.cookie('pitwall.sid')!).replace(/^s:/, '').split('.')[0]!;
    // Hold the session store's write: the redirect must wait for it, not go out before it.
    const lock = await t.db.knex.transaction();
    try {
      await lock.raw('LOCK TABLE http_sessions IN EXCLUSIVE MODE');
      // fetch resolves on the status line and headers, as a browser follows a redirect.
      const redirect = fetch(new URL('/__t/flash', t.url), {
        headers: { Cookie: `pitwall.sid=${encodeURIComponent(client.cookie('pitwall.sid')!)}` },
        redirect: 'manual',
      });
      const first = await Promise.race([
        redirect.then(() => 'headers' as const),
        new Promise<'held'>((r) => setTimeout(() => r('held'), 400)),
      ]);
      expect(first).toBe('held');
      await lock.rollback();
      expect((await redirect).status).toBe(302);
    } finally {
      if (!lock.isCompleted()) await lock.rollback();
    }
    const row = await t.db
      .knex('http_sessions')
      .where({ sid })
      .first<{ sess: { inertia?: { flash?: unknown } } }>();
    expect(row.sess.inertia?.flash).toEqual({ success: 'Flashed!' });
    expect((await client.visit('/__t/props')).page().flash).toEqual({ success: 'Flashed!' });
  });

  it('survives a restart: a new server on the same database accepts the session and its token', async () => {
    await client.get('/__t/flash'); // flash stored in the session, shown after the restart
    const restarted = await startTestServer({ extraRoutes: fixtureRoutes, db: t.db });
    try {
      const again = new TestClient(restarted.url);
      for (const [k, v] of client.cookies) again.cookies.set(k, v);
      const page = (await again.visit('/__t/props')).page();
      expect(page.flash).toEqual({ success: 'Flashed!' });
      const res = await again.visit('/__t/form', { method: 'POST', body: validForm, csrf: true });
      expect(res.status).toBe(303);
    } finally {
      await restarted.close();
    }
  });
});

describe('security headers', () => {
  it('sends a CSP that denies framing, X-Frame-Options DENY and a request id', async () => {
    const res = await client.get('/__t/props');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives every response its own 128-bit script nonce', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const csp = (await fetch(`${t.url}/__t/props`)).headers.get('content-security-policy')!;
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)![1]!;
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(300); // past one refill of the 256-nonce pool
  });

  it('compresses large responses', async () => {
    const res = await fetch(`${t.url}/__t/props`, { headers: { 'Accept-Encoding': 'gzip' } });
    // fetch decodes transparently; the header tells whether the server compressed
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });
});
