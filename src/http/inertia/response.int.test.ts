// Ported from inertia-laravel tests/ResponseTest.php (+ DeferPropTest, MergePropTest, OncePropTest,
// OptionalPropTest, AlwaysPropTest) and @adonisjs/inertia tests/inertia.spec.ts,
// once_props.spec.ts, v3_client_contract.spec.ts, against the real app over loopback.
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClient, pageFromHtml } from '../test-support/client.ts';
import { fixtureRoutes, onceCalls } from '../test-support/fixture-routes.ts';
import { startTestServer, type TestServer } from '../test-support/server.ts';

let t: TestServer;
let client: TestClient;

beforeAll(async () => {
  t = await startTestServer({ extraRoutes: fixtureRoutes });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  client = new TestClient(t.url);
});

/** A GET whose answer is read as sent: headers and body bytes, nothing decoded. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

const partial = (headers: Record<string, string>) => ({
  headers: { 'X-Inertia-Partial-Component': 'Fixture/Props', ...headers },
});

describe('first visit (HTML)', () => {
  it('puts the page object in <script data-page="app" type="application/json"> followed by an empty #app', async () => {
    const res = await client.get('/__t/props');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('<script data-page="app" type="application/json">');
    expect(res.text).toMatch(/<\/script><div id="app"><\/div>/);
    expect(res.text).not.toContain(' data-page="{'); // the v2 attribute is gone
    const page = pageFromHtml(res.text);
    expect(page.component).toBe('Fixture/Props');
    expect(page.url).toBe('/__t/props');
    expect(page.version).toBe('v1');
    expect(page.props.errors).toEqual({});
    expect(page.props.plain).toBe('plain value');
    expect(page.props.lazy).toBe('computed lazily');
  });

  it('escapes the JSON so a prop containing </script><script> cannot break out', async () => {
    const res = await client.get('/__t/props');
    expect(res.text).not.toContain('</script><script>alert(1)');
    expect(res.text).not.toContain('<!--');
    const script = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(
      res.text,
    )![1]!;
    expect(script).not.toMatch(/</);
    expect(script).not.toMatch(/(^|[^\\])\//); // every '/' is escaped as '\/'
    expect(script).toContain('\\u003c\\/script>');
    expect(script).not.toMatch(/[\u2028\u2029]/);
    const page = pageFromHtml(res.text);
    expect(page.props.danger).toBe('</script><script>alert(1)</script><!--');
    expect(page.props.separators).toBe('a\u2028b\u2029c');
  });

  it('sets a default <title> of the product name when the page renders none', async () => {
    const res = await client.get('/__t/props');
    expect(res.text).toContain('<title>Pitwall</title>');
  });

  it('varies on X-Inertia', async () => {
    const res = await client.get('/__t/props');
    expect(res.headers.get('vary')).toMatch(/X-Inertia/i);
  });

  it('sends the document whole: brotli or gzip as accepted, with its length and no ETag', async () => {
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync, none: (b: Buffer) => b };
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', 'none'],
    ] as const) {
      const res = await rawGet(`${t.url}/__t/props`, { 'Accept-Encoding': accept });
      expect(res.headers['content-encoding'] ?? 'none').toBe(encoding);
      expect(res.headers['content-length']).toBe(String(res.body.length));
      expect(res.headers['transfer-encoding']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      const text = decoders[encoding](res.body).toString('utf8');
      expect(pageFromHtml(text).props.plain).toBe('plain value');
    }
  });
});

describe('Inertia visit (JSON)', () => {
  it('sends the page object whole with an ETag, and 304 to a request that already holds it', async () => {
    const visit = { 'X-Inertia': 'true', 'X-Inertia-Version': 'v1' };
    const res = await rawGet(`${t.url}/__t/props`, visit);
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(res.headers['transfer-encoding']).toBeUndefined();
    const page = JSON.parse(res.body.toString('utf8')) as { component: string };
    expect(page.component).toBe('Fixture/Props');
    const etag = res.headers.etag!;
    expect(etag).toMatch(/^W\/"/);
    const again = await rawGet(`${t.url}/__t/props`, { ...visit, 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await rawGet(`${t.url}/__t/props`, { ...visit, 'If-None-Match': 'W/"x"' });
    expect(other.status).toBe(200);
    expect(other.headers.etag).toBe(etag);
  });

  it('answers with the page object, X-Inertia: true and Vary: X-Inertia', async () => {
    const res = await client.visit('/__t/props');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-inertia')).toBe('true');
    expect(res.headers.get('vary')).toMatch(/X-Inertia/i);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const page = res.json<Record<string, unknown>>();
    expect(Object.keys(page).slice(0, 4)).toEqual(['component', 'props', 'url', 'version']);
    expect(page.rescuedProps).toEqual([]);
  });

  it('keeps the URL exactly as requested: query, encoding and trailing slash', async () => {
    const res = await client.visit('/__t/props/?b=2&a=%20x&a=y');
    expect(res.page().url).toBe('/__t/props/?b=2&a=%20x&a=y');
  });

  it('shares appName, auth.user (null for guests) and flash, and lists the shared keys', async () => {
    const page = (await client.visit('/__t/props')).page();
    expect(page.props.appName).toBe('Pitwall');
    expect(page.props.auth).toEqual({ user: null });
    expect(page.props.flash).toEqual({});
    expect(page.sharedProps).toEqual(['appName', 'auth', 'flash']);
    expect(page).not.toHaveProperty('flash');
  });

  it('leaves out optional and deferred props on a standard visit and lists deferred ones by group', async () => {
    const page = (await client.visit('/__t/props')).page();
    expect(page.props).not.toHaveProperty('opt');
    for (const key of ['d1', 'd2', 'd3']) expect(page.props).not.toHaveProperty(key);
    expect(page.deferredProps).toEqual({ default: ['d1'], sidebar: ['d2', 'd3'] });
    expect(page.props.alw).toBe('always value');
  });

  it('omits clearHistory and encryptHistory unless true', async () => {
    const page = (await client.visit('/__t/props')).page();
    expect(page).not.toHaveProperty('clearHistory');
    expect(page).not.toHaveProperty('encryptHistory');
  });
});

describe('partial reloads', () => {
  it('keeps only the requested props plus always-props and errors', async () => {
    const page = (
      await client.visit('/__t/props', partial({ 'X-Inertia-Partial-Data': 'plain' }))
    ).page();
    expect(Object.keys(page.props).sort()).toEqual(['alw', 'errors', 'plain']);
    expect(page).not.toHaveProperty('deferredProps');
  });

  it('ignores the partial headers when the component does not match', async () => {
    const page = (
      await client.visit('/__t/props', {
        headers: { 'X-Inertia-Partial-Component': 'Other/Page', 'X-Inertia-Partial-Data': 'plain' },
      })
    ).page();
    expect(page.props).toHaveProperty('lazy');
    expect(page.props).toHaveProperty('nested');
    expect(page.props).not.toHaveProperty('opt');
    expect(page.deferredProps).toBeDefined();
  });

  it('resolves optional and deferred props only when named', async () => {
    const page = (
      await client.visit('/__t/props', partial({ 'X-Inertia-Partial-Data': 'opt,d2,d3' }))
    ).page();
    expect(page.props.opt).toBe('optional value');
    expect(page.props.d2).toBe('deferred two');
    expect(page.props.d3).toBe('deferred three');
    expect(page.props).not.toHaveProperty('d1');
    expect(page.props).not.toHaveProperty('plain');
  });

  it('removes X-Inertia-Partial-Except keys, and except wins over only', async () => {
    const page = (
      await client.visit(
        '/__t/props',
        partial({ 'X-Inertia-Partial-Data': 'plain,lazy', 'X-Inertia-Partial-Except': 'lazy' }),
      )
    ).page();
    expect(page.props).toHaveProperty('plain');
    expect(page.props).not.toHaveProperty('lazy');
  });

  it('with only an except list, returns everything else (Laravel semantics)', async () => {
    const page = (
      await client.visit('/__t/props', partial({ 'X-Inertia-Partial-Except': 'plain,alw' }))
    ).page();
    expect(page.props).not.toHaveProperty('plain');
    expect(page.props).toHaveProperty('lazy');
    expect(page.props.alw).toBe('always value'); // always-props come back regardless
  });

  it('narrows values by dot paths in only and except', async () => {
    const onlyPage = (
      await client.visit(
        '/__t/props',
        partial({ 'X-Inertia-Partial-Data': 'nested.a.b,auth.user' }),
      )
    ).page();
    expect(onlyPage.props.nested).toEqual({ a: { b: 1 } });
    expect(onlyPage.props.auth).toEqual({ user: null });
    const exceptPage = (
      await client.visit(
        '/__t/props',
        partial({ 'X-Inertia-Partial-Data': 'nested', 'X-Inertia-Partial-Except': 'nested.a.c' }),
      )
    ).page();
    expect(exceptPage.props.nested).toEqual({ a: { b: 1 }, d: 3 });
  });

  it('lists a rescued deferred prop instead of failing the reload', async () => {
    const res = await client.visit('/__t/rescue', {
      headers: {
        'X-Inertia-Partial-Component': 'Fixture/Rescue',
        'X-Inertia-Partial-Data': 'good,bad',
      },
    });
    expect(res.status).toBe(200);
    const page = res.page();
    expect(page.props.good).toBe('fine');
    expect(page.props).not.toHaveProperty('bad');
    expect(page.rescuedProps).toEqual(['bad']);
  });
});

describe('merge props', () => {
  it('lists append, prepend, deep-merge and match-on props present in the response', async () => {
    const page = (await client.visit('/__t/props')).page();
    expect(page.mergeProps).toEqual(['list', 'matched']);
    expect(page.prependProps).toEqual(['pre']);
    expect(page.deepMergeProps).toEqual(['deep']);
    expect(page.matchPropsOn).toEqual(['matched.id']);
  });

  it('does not list a merge prop named in X-Inertia-Reset', async () => {
    const page = (
      await client.visit(
        '/__t/props',
        partial({ 'X-Inertia-Partial-Data': 'list,matched', 'X-Inertia-Reset': 'list' }),
      )
    ).page();
    expect(page.props.list).toEqual([1, 2]);
    expect(page.mergeProps).toEqual(['matched']);
  });

  it('lists only the merge props the partial response carries', async () => {
    const page = (
      await client.visit('/__t/props', partial({ 'X-Inertia-Partial-Data': 'list' }))
    ).page();
    expect(page.mergeProps).toEqual(['list']);
    expect(page).not.toHaveProperty('prependProps');
    expect(page).not.toHaveProperty('matchPropsOn');
  });
});

describe('once props', () => {
  it('resolves a once prop on first encounter and describes it in onceProps', async () => {
    const page = (await client.visit('/__t/props')).page();
    expect(page.props.lookups).toEqual(['lookup']);
    expect(page.onceProps).toEqual({ lookups: { prop: 'lookups', expiresAt: null } });
  });

  it('skips resolving it when the client already holds it (X-Inertia-Except-Once-Props)', async () => {
    const before = onceCalls.count;
    const page = (
      await client.visit('/__t/props', { headers: { 'X-Inertia-Except-Once-Props': 'lookups' } })
    ).page();
    expect(page.props).not.toHaveProperty('lookups');
    expect(page.onceProps).toEqual({ lookups: { prop: 'lookups', expiresAt: null } });
    expect(onceCalls.count).toBe(before);
  });

  it('resolves it anyway when a partial reload asks for it', async () => {
    const page = (
      await client.visit(
        '/__t/props',
        partial({ 'X-Inertia-Partial-Data': 'lookups', 'X-Inertia-Except-Once-Props': 'lookups' }),
      )
    ).page();
    expect(page.props.lookups).toEqual(['lookup']);
    expect(page.onceProps).toEqual({ lookups: { prop: 'lookups', expiresAt: null } });
  });

  it('carries no once metadata for once props outside a partial reload', async () => {
    const page = (
      await client.visit('/__t/props', partial({ 'X-Inertia-Partial-Data': 'plain' }))
    ).page();
    expect(page).not.toHaveProperty('onceProps');
  });
});
