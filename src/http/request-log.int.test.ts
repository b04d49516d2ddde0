import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './test-support/client.ts';
import { fixtureRoutes } from './test-support/fixture-routes.ts';
import { startTestServer, type TestServer } from './test-support/server.ts';

/** The request log (src/http/request-log.ts): one line per request, ids, levels, no secrets. */
let t: TestServer;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  t = await startTestServer({ extraRoutes: fixtureRoutes, logger });
});
afterAll(async () => {
  await t?.close();
});

const completed = (reqId: string | null) =>
  lines.filter((l) => l.msg === 'request completed' && l.reqId === reqId);

describe('request log', () => {
  it('logs one line per request under the id the response carries, at a level by status', async () => {
    const client = new TestClient(t.url);
    const ok = await client.get('/__t/props');
    const missing = await client.get('/no-such-page');
    await new Promise((r) => setTimeout(r, 50)); // 'finish' runs after the client has the body
    const [okLine] = completed(ok.headers.get('x-request-id'));
    expect(okLine).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/__t/props' },
      res: { statusCode: 200 },
    });
    expect(typeof okLine?.responseTime).toBe('number');
    expect(completed(missing.headers.get('x-request-id'))).toMatchObject([
      { level: 40, res: { statusCode: 404 } },
    ]);
  });

  it('keeps a well-formed incoming X-Request-Id and replaces a malformed one', async () => {
    const kept = await fetch(`${t.url}/__t/props`, { headers: { 'X-Request-Id': 'edge-42.a' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-42.a');
    const replaced = await fetch(`${t.url}/__t/props`, {
      headers: { 'X-Request-Id': 'bad id <script>' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('redacts secrets in URLs and never logs headers (cookies)', async () => {
    const res = await fetch(`${t.url}/__t/props?token=s3cret-reset&page=2`, {
      headers: { Cookie: 'pitwall.sid=s%3Acookie-value' },
    });
    await new Promise((r) => setTimeout(r, 50));
    const [line] = completed(res.headers.get('x-request-id'));
    expect(line?.req).toEqual({ method: 'GET', url: '/__t/props?token=[redacted]&page=2' });
    expect(JSON.stringify(lines)).not.toMatch(/s3cret-reset|cookie-value/);
  });
});
