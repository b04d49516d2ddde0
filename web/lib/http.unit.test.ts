import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TimeoutError } from 'ky';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createHttp,
  HTTP_TIMEOUT_MS,
  HttpError,
  RETRY_STATUS_CODES,
  retryDelay,
  XSRF_HEADER,
} from './http.ts';

// A real HTTP server on loopback: each route answers from a script and records what it got.
interface Seen {
  method: string;
  url: string;
  xsrf: string | undefined;
}
let server: Server;
let base = '';
let seen: Seen[] = [];

function reply(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://loopback');
  seen.push({
    method: req.method ?? '',
    url: url.pathname,
    xsrf: req.headers['x-xsrf-token'] as string | undefined,
  });
  const status = Number(url.searchParams.get('status') ?? '200');
  const failTimes = Number(url.searchParams.get('fail') ?? '0');
  const attempts = seen.filter((s) => s.url === url.pathname && s.method === req.method).length;
  if (url.pathname.endsWith('/text')) {
    res.writeHead(status, { 'content-type': 'text/plain' }).end('plain failure');
    return;
  }
  if (url.pathname.endsWith('/slow')) return; // never answers: only the client's timeout ends it
  const code = attempts <= failTimes || failTimes < 0 ? status : 200;
  res
    .writeHead(code, { 'content-type': 'application/json' })
    .end(
      JSON.stringify(
        code === 200 ? { ok: true, attempts } : { message: `failed ${code}`, attempts },
      ),
    );
}

beforeAll(async () => {
  server = createServer(reply);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen = [];
});

const client = (cookies = '') => createHttp({ prefixUrl: base, readCookies: () => cookies });

describe('http client (ky)', () => {
  it('joins paths to the prefix and uses the spec limits (10 s timeout, retry statuses)', async () => {
    await client().get('articles').json();
    expect(seen[0]?.url).toBe('/api/articles');
    expect(HTTP_TIMEOUT_MS).toBe(10_000);
    expect(RETRY_STATUS_CODES).toEqual([408, 413, 429, 500, 502, 503, 504]);
  });

  it('waits 0.3 s before the first retry and doubles after each', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([300, 600, 1200, 2400]);
  });

  it('copies the XSRF-TOKEN cookie, URI-decoded, into X-XSRF-TOKEN on reads and writes', async () => {
    const http = client('theme=dark; XSRF-TOKEN=abc%3D%3D; other=1');
    await http.get('things').json();
    await http.post('things', { json: { a: 1 } }).json();
    expect(seen.map((s) => [s.method, s.xsrf])).toEqual([
      ['GET', 'abc=='],
      ['POST', 'abc=='],
    ]);
    expect(XSRF_HEADER).toBe('X-XSRF-TOKEN');
  });

  it('sends no X-XSRF-TOKEN header when there is no cookie', async () => {
    await client('theme=dark').get('things').json();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.xsrf).toBeUndefined();
  });

  it('retries a GET after 503 and succeeds on the third attempt', async () => {
    const body = await client()
      .get('flaky', { searchParams: { status: 503, fail: 2 } })
      .json();
    expect(body).toEqual({ ok: true, attempts: 3 });
    expect(seen).toHaveLength(3);
  });

  it('gives up after 2 retries and rejects with HttpError carrying status and parsed body', async () => {
    const error = await client()
      .get('down', { searchParams: { status: 502, fail: -1 } })
      .json()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(seen).toHaveLength(3); // 1 attempt + 2 retries
    expect(error).toBeInstanceOf(HttpError);
    const httpError = error as HttpError<{ message: string; attempts: number }>;
    expect(httpError.status).toBe(502);
    expect(httpError.body).toEqual({ message: 'failed 502', attempts: 3 });
  });

  it('never retries a POST, even on a retryable status', async () => {
    const error = await client()
      .post('submit', { searchParams: { status: 503, fail: -1 }, json: {} })
      .json()
      .catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect((error as HttpError).status).toBe(503);
  });

  it('does not retry a status outside the list (404)', async () => {
    const error = await client()
      .get('missing', { searchParams: { status: 404, fail: -1 } })
      .json()
      .catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).body).toEqual({ message: 'failed 404', attempts: 1 });
  });

  it('keeps a non-JSON error body as text', async () => {
    const error = await client()
      .get('text', { searchParams: { status: 400 } })
      .catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).body).toBe('plain failure');
  });

  it('rejects with a TimeoutError when the server does not answer in time', async () => {
    const http = client().extend({ timeout: 200, retry: 0 });
    const error = await http.get('slow').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });
});
