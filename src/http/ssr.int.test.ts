import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SsrRenderer } from './inertia/inertia.ts';
import { createLogger } from '../logger.ts';
import { TestClient } from './test-support/client.ts';
import { fixtureRoutes } from './test-support/fixture-routes.ts';
import { startTestServer, type TestServer } from './test-support/server.ts';

// The renderer seam: what web/ssr.tsx returns (the real one runs in the e2e test, built by
// Vite). This one echoes the page so the test can see what the server handed it.
const rendered: string[] = [];
const ssr: SsrRenderer = (page) => {
  rendered.push(page.component);
  if (page.url.includes('explode')) return Promise.reject(new Error('SSR exploded'));
  return Promise.resolve({
    head: ['<title data-inertia="">Rendered title</title>'],
    markup: `<h1>${page.component}</h1>`,
  });
};

const logged: string[] = [];
let t: TestServer;

beforeAll(async () => {
  const logger = createLogger({ level: 'error', pretty: false });
  const capture = (obj: unknown, msg?: string) => {
    logged.push(String(msg ?? obj));
  };
  logger.error = capture;
  t = await startTestServer({
    extraRoutes: fixtureRoutes,
    web: { mode: 'none', version: 'v1', ssr },
    logger,
    resolveUser: (req) =>
      Promise.resolve(
        req.get('X-Test-User') === 'admin'
          ? { id: 'a', displayName: 'Admin', role: 'admin' as const }
          : null,
      ),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('server-side rendering', () => {
  it('puts the server-rendered root after the escaped page script, with <Head> tags and no default title', async () => {
    const res = await new TestClient(t.url).get('/__t/public');
    expect(res.status).toBe(200);
    expect(res.text).toContain(
      '</script><div data-server-rendered="true" id="app"><h1>Fixture/Public</h1></div>',
    );
    expect(res.text).toContain('<title data-inertia="">Rendered title</title>');
    expect(res.text).not.toContain('<title>Pitwall</title>');
    expect(res.page().props.hello).toBe('world'); // the page object is the server's, not the renderer's
  });

  it('renders client-only routes (ssr: false) as the script plus an empty #app', async () => {
    const before = rendered.length;
    const res = await new TestClient(t.url).get('/__t/admin-only', {
      headers: { 'X-Test-User': 'admin' },
    });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<\/script><div id="app"><\/div>/);
    expect(res.text).not.toContain('data-server-rendered');
    expect(rendered.length).toBe(before);
  });

  it('never server-renders JSON visits', async () => {
    const before = rendered.length;
    await new TestClient(t.url).visit('/__t/public');
    expect(rendered.length).toBe(before);
  });

  it('serves the client-only shell and logs when SSR throws', async () => {
    const res = await new TestClient(t.url).get('/__t/public?explode=1');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<\/script><div id="app"><\/div>/);
    expect(res.text).not.toContain('data-server-rendered');
    expect(res.text).toContain('<title>Pitwall</title>');
    expect(logged.some((m) => m.includes('SSR failed'))).toBe(true);
  });
});
