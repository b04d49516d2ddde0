import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { maskSecret } from '../../src/ingest/client/masking.ts';

/**
 * A real HTTP server on 127.0.0.1:<random port> that replays the recorded iRacing Data API
 * exchanges of ../shared/fixtures/iracing-data-api (format in SOURCE.md there), so the client
 * is tested over loopback exactly as it talks to iRacing.
 *
 * Replay rules:
 *  - `enqueue(folder)` appends the folder's exchanges in file order (1.json, 2.json, …). GET
 *    requests consume them in order; each answer carries the recorded status code and headers
 *    (hop-by-hop and length headers excepted) and the recorded body byte for byte, except:
 *  - the values of `link`, `base_download_url` and `csv_url` point at S3/CloudFront: their
 *    `https://<host>/` prefix is rewritten to `<this server>/__s3/<host>/`, so the client follows
 *    them over loopback (the rest of the URL — path, signature query — is untouched);
 *  - the first exchange of a folder must be asked for at a `/data/…` path; every later one only at
 *    a URL an earlier answer issued (a link, or base_download_url + a chunk file name). Anything
 *    else is answered 418 with the reason, recorded in `mismatches`, and consumes nothing;
 *  - exchanges whose body is the legacy `/auth` login answer (`authcode`, `ssoCookieValue`: the
 *    0.json files) are not part of the replay: that login no longer exists; OAuth is served by
 *    the token endpoint below;
 *  - the recorded bodies carry no Content-Type: JSON is served as application/json, the 504 page
 *    with its recorded `contentType` (text/html).
 * Token endpoint: POST /oauth2/token answers password_limited and refresh_token grants with
 * generated tokens; refresh tokens are single-use, like iRacing's. When `credentials` are given,
 * the masked client secret and password are checked.
 */

export const FIXTURES_DIR = path.resolve(
  process.env.IRACING_FIXTURES_DIR ??
    path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../../shared/fixtures/iracing-data-api',
    ),
);

export interface RecordedExchange {
  folder: string;
  file: string;
  status: number;
  headers: Record<string, string | string[]>;
  contentType: string | undefined;
  /** The `content` value exactly as the file spells it (JSON text). */
  rawContent: string;
  isLegacyLogin: boolean;
}

/** The scenario folders, sorted. */
export function listFixtureFolders(): string[] {
  return readdirSync(FIXTURES_DIR)
    .filter((name) => statSync(path.join(FIXTURES_DIR, name)).isDirectory())
    .sort();
}

/** A folder's exchanges in the order a client makes them (numeric file order). */
export function readFixtureFolder(folder: string): RecordedExchange[] {
  const dir = path.join(FIXTURES_DIR, folder);
  return readdirSync(dir)
    .filter((f) => /^\d+\.json$/.test(f))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const doc = JSON.parse(text) as {
        statuscode?: number;
        headers?: Record<string, string | string[]>;
        contentType?: string;
        content: unknown;
      };
      const content = doc.content as Record<string, unknown> | null;
      return {
        folder,
        file,
        status: doc.statuscode ?? 200,
        headers: doc.headers ?? {},
        contentType: doc.contentType,
        rawContent: rawValueOfTopLevelKey(text, 'content'),
        isLegacyLogin:
          typeof content === 'object' &&
          content !== null &&
          'authcode' in content &&
          'ssoCookieValue' in content,
      };
    });
}

/** The recorded payload of one file, parsed (for tests that compute from the fixtures). */
export function fixturePayload<T = unknown>(folder: string, file: string): T {
  const text = readFileSync(path.join(FIXTURES_DIR, folder, file), 'utf8');
  return (JSON.parse(text) as { content: T }).content;
}

export interface SyntheticExchange {
  /** 'data': answers a /data/… request; 'link': answers a URL issued by an earlier answer. */
  expect: 'data' | 'link';
  status: number;
  headers?: Record<string, string>;
  contentType?: string;
  body: string;
  label: string;
}

export interface RecordedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  authorization: string | undefined;
  /** Which exchange answered it ("<folder>/<file>" or a synthetic label); undefined on a mismatch. */
  answeredBy: string | undefined;
}

export interface TokenRequest {
  form: Record<string, string>;
  status: number;
}

export interface FixtureServerOptions {
  credentials?: { clientId: string; clientSecret: string; username: string; password: string };
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  /** Delay before the token endpoint answers, to widen races in single-flight tests. */
  tokenLatencyMs?: number;
}

export interface FixtureServer {
  url: string;
  enqueue(folder: string): void;
  enqueueExchange(exchange: SyntheticExchange): void;
  /** Exchanges not consumed yet. */
  remaining(): number;
  readonly requests: RecordedRequest[];
  readonly tokenRequests: TokenRequest[];
  readonly mismatches: string[];
  /** Makes every issued refresh token unusable (as after a server-side revocation). */
  revokeRefreshTokens(): void;
  close(): Promise<void>;
}

interface QueuedAnswer {
  expect: 'data' | 'link';
  status: number;
  headers: Record<string, string | string[]>;
  contentType: string;
  body: string;
  label: string;
}

const DROPPED_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-type',
  'content-encoding',
]);
const REWRITTEN_URL_KEYS = /("(?:link|base_download_url|csv_url)"\s*:\s*")https:\/\/([^/"]+)\//g;

export async function startFixtureServer(opts: FixtureServerOptions = {}): Promise<FixtureServer> {
  const queue: QueuedAnswer[] = [];
  const issued = new Set<string>();
  const requests: RecordedRequest[] = [];
  const tokenRequests: TokenRequest[] = [];
  const mismatches: string[] = [];
  const liveRefreshTokens = new Set<string>();
  let tokenCounter = 0;
  let baseUrl = '';

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res
        .writeHead(500, { 'content-type': 'text/plain' })
        .end(`fixture server error: ${String(err)}`);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    if (req.method === 'POST' && url.split('?')[0] === '/oauth2/token') {
      await tokenEndpoint(req, res);
      return;
    }
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      url,
      authorization: req.headers.authorization,
      answeredBy: undefined,
    };
    requests.push(record);
    const next = queue[0];
    const refusal = !next
      ? `no recorded exchange left for ${req.method} ${url}`
      : next.expect === 'data' && !url.startsWith('/data/')
        ? `${next.label} answers a /data/ request, got ${url}`
        : next.expect === 'link' && !issued.has(url)
          ? `${next.label} answers a link or chunk issued earlier, got ${url}`
          : undefined;
    if (refusal || !next) {
      mismatches.push(refusal ?? 'queue empty');
      res
        .writeHead(418, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: refusal }));
      return;
    }
    queue.shift();
    record.answeredBy = next.label;
    if (next.contentType.includes('json')) registerIssuedUrls(next.body);
    res.writeHead(next.status, { ...next.headers, 'content-type': next.contentType });
    res.end(next.body);
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    if (opts.tokenLatencyMs) await new Promise((r) => setTimeout(r, opts.tokenLatencyMs));
    const answer = (status: number, body: object) => {
      tokenRequests.push({ form, status });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const c = opts.credentials;
    if (
      c &&
      (form.client_id !== c.clientId ||
        form.client_secret !== maskSecret(c.clientSecret, c.clientId))
    ) {
      answer(401, { error: 'invalid_client' });
      return;
    }
    if (form.grant_type === 'password_limited') {
      if (
        c &&
        (form.username !== c.username || form.password !== maskSecret(c.password, c.username))
      ) {
        answer(400, { error: 'invalid_grant', error_description: 'bad username or password' });
        return;
      }
    } else if (form.grant_type === 'refresh_token') {
      const presented = form.refresh_token ?? '';
      if (!liveRefreshTokens.delete(presented)) {
        answer(400, {
          error: 'invalid_grant',
          error_description: 'refresh token unknown or already used',
        });
        return;
      }
    } else {
      answer(400, { error: 'unsupported_grant_type' });
      return;
    }
    tokenCounter += 1;
    const refresh = `fixture-refresh-${tokenCounter}`;
    liveRefreshTokens.add(refresh);
    answer(200, {
      access_token: `fixture-access-${tokenCounter}`,
      token_type: 'Bearer',
      expires_in: opts.accessTokenTtlSeconds ?? 600,
      refresh_token: refresh,
      refresh_token_expires_in: opts.refreshTokenTtlSeconds ?? 3600,
      scope: form.scope ?? 'iracing.auth',
    });
  }

  function registerIssuedUrls(body: string): void {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return;
    }
    const visit = (node: unknown, depth: number): void => {
      if (depth > 2 || typeof node !== 'object' || node === null || Array.isArray(node)) return;
      const o = node as Record<string, unknown>;
      for (const key of ['link', 'csv_url'] as const) {
        if (typeof o[key] === 'string') issued.add(localPath(o[key]));
      }
      const info = o.chunk_info as
        { base_download_url?: string; chunk_file_names?: string[] } | undefined;
      if (info?.base_download_url) {
        for (const name of info.chunk_file_names ?? [])
          issued.add(localPath(info.base_download_url + name));
      }
      visit(o.data, depth + 1);
    };
    visit(value, 0);
  }

  function localPath(absolute: string): string {
    return absolute.startsWith(baseUrl) ? absolute.slice(baseUrl.length) : absolute;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const toAnswer = (ex: RecordedExchange, index: number): QueuedAnswer => {
    const isString = ex.rawContent.trimStart().startsWith('"');
    const body = isString
      ? (JSON.parse(ex.rawContent) as string)
      : ex.rawContent.replace(REWRITTEN_URL_KEYS, `$1${baseUrl}/__s3/$2/`);
    return {
      expect: index === 0 ? 'data' : 'link',
      status: ex.status,
      headers: Object.fromEntries(
        Object.entries(ex.headers).filter(([k]) => !DROPPED_HEADERS.has(k.toLowerCase())),
      ),
      contentType: ex.contentType ?? 'application/json; charset=utf-8',
      body,
      label: `${ex.folder}/${ex.file}`,
    };
  };

  return {
    url: baseUrl,
    enqueue(folder) {
      readFixtureFolder(folder)
        .filter((ex) => !ex.isLegacyLogin)
        .forEach((ex, i) => queue.push(toAnswer(ex, i)));
    },
    enqueueExchange(ex) {
      queue.push({
        expect: ex.expect,
        status: ex.status,
        headers: ex.headers ?? {},
        contentType: ex.contentType ?? 'application/json; charset=utf-8',
        body: ex.body,
        label: ex.label,
      });
    },
    remaining: () => queue.length,
    requests,
    tokenRequests,
    mismatches,
    revokeRefreshTokens: () => liveRefreshTokens.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * The exact source text of a top-level key's value in a JSON document, so a replayed body is
 * byte-for-byte what was recorded (no re-serialisation of numbers or escapes).
 */
export function rawValueOfTopLevelKey(text: string, key: string): string {
  let i = text.indexOf('{');
  if (i === -1) throw new Error('not a JSON object');
  i++;
  while (i < text.length) {
    i = skipWhitespace(text, i);
    if (text[i] === '}') break;
    if (text[i] === ',') {
      i++;
      continue;
    }
    const keyEnd = endOfString(text, i);
    const name = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipWhitespace(text, keyEnd);
    if (text[i] !== ':') throw new Error(`expected ':' at ${i}`);
    const valueStart = skipWhitespace(text, i + 1);
    const valueEnd = endOfValue(text, valueStart);
    if (name === key) return text.slice(valueStart, valueEnd);
    i = valueEnd;
  }
  throw new Error(`no top-level key "${key}"`);
}

function skipWhitespace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i] ?? '')) i++;
  return i;
}

function endOfString(text: string, start: number): number {
  if (text[start] !== '"') throw new Error(`expected a string at ${start}`);
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '"') return i + 1;
    else i++;
  }
  throw new Error('unterminated string');
}

function endOfValue(text: string, start: number): number {
  const first = text[start];
  if (first === '"') return endOfString(text, start);
  if (first === '{' || first === '[') {
    let depth = 0;
    let i = start;
    while (i < text.length) {
      const ch = text[i];
      if (ch === '"') {
        i = endOfString(text, i);
        continue;
      }
      if (ch === '{' || ch === '[') depth++;
      else if (ch === '}' || ch === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    throw new Error('unterminated value');
  }
  let i = start;
  while (i < text.length && !/[,}\]\s]/.test(text[i] ?? '')) i++;
  return i;
}
