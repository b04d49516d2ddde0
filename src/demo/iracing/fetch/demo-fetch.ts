import type { FetchLike } from '../../../ingest/client/index.ts';
import type { ChunkInfo } from '../../../ingest/schemas/index.ts';
import type { DemoWorld } from '../world/world.ts';
import { ROUTES, type Route } from './routes.ts';

export interface DemoFetchOptions {
  /** Where links and chunks point (a host nothing else answers). */
  assetsUrl?: string;
  /** Clock for `expires` and the rate-limit reset header (ms since epoch). */
  now?: () => number;
}

const DEFAULT_ASSETS_URL = 'https://demo-assets.pitwall.invalid';
const LINK_PATH = '/data-server/';
const CHUNK_PATH = '/chunks/';
const MEMO_ENTRIES = 8;

/**
 * A `fetch` that answers the iRacing Data API from a demo world, so the real client (and the
 * ingest above it) runs unchanged: `GET …/data/<endpoint>?…` answers like iRacing — a
 * `{link, expires}` envelope, or for results/search_series the chunk header itself — the link
 * answers the payload, and chunked payloads (search_series, stats/world_records, lap_data) list
 * `chunk_file_names` under `base_download_url`. `POST …/oauth2/token` issues a demo token.
 * Routing is by path only, so any API base URL works. Links and chunk URLs carry their whole
 * query, so any of them can be fetched again later (replays) and answers the same bytes.
 * Unknown endpoints answer 404; missing parameters 400 `{error, note}` as the API does.
 */
export function createDemoFetch(world: DemoWorld, options: DemoFetchOptions = {}): FetchLike {
  const assetsUrl = (options.assetsUrl ?? DEFAULT_ASSETS_URL).replace(/\/+$/, '');
  const now = options.now ?? (() => Date.now());
  const memo = new Map<string, unknown[]>();

  const rowsOf = (key: string, route: Extract<Route, { kind: 'chunked' }>): unknown[] => {
    const known = memo.get(key);
    if (known) return known;
    const rows = route.rows();
    memo.set(key, rows);
    if (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value as string);
    return rows;
  };

  const chunkInfo = (
    endpoint: string,
    query: string,
    rows: number,
    chunkSize: number,
  ): ChunkInfo => {
    const chunks = Math.ceil(rows / chunkSize);
    return {
      chunk_size: chunkSize,
      num_chunks: chunks,
      rows,
      base_download_url: `${assetsUrl}${CHUNK_PATH}${endpoint}/${encodeQuery(query)}/`,
      chunk_file_names: Array.from({ length: chunks }, (_, i) => `${i}.json`),
    };
  };

  return (input, init) => {
    try {
      const url = new URL(input);
      const method = (init?.method ?? 'GET').toUpperCase();
      if (method === 'POST' && url.pathname.endsWith('/oauth2/token'))
        return Promise.resolve(tokenAnswer());
      if (method !== 'GET') return Promise.resolve(json(405, { error: 'Method Not Allowed' }));

      if (url.pathname.startsWith('/data/')) {
        const endpoint = url.pathname.slice('/data/'.length).replace(/\/+$/, '');
        const route = routeFor(world, endpoint, url.searchParams);
        const headers = rateLimitHeaders(now());
        switch (route.kind) {
          case 'error':
            return Promise.resolve(json(route.status, route.body, headers));
          case 'linked':
            return Promise.resolve(
              json(200, linkEnvelope(assetsUrl, endpoint, url.search, now()), headers),
            );
          case 'chunked': {
            if (route.linked)
              return Promise.resolve(
                json(200, linkEnvelope(assetsUrl, endpoint, url.search, now()), headers),
              );
            const rows = rowsOf(`${endpoint}?${plain(url.search)}`, route);
            return Promise.resolve(
              json(
                200,
                route.header(chunkInfo(endpoint, url.search, rows.length, route.chunkSize)),
                headers,
              ),
            );
          }
          default: {
            const never: never = route;
            return never;
          }
        }
      }

      if (url.pathname.startsWith(LINK_PATH)) {
        const endpoint = url.pathname.slice(LINK_PATH.length);
        const route = routeFor(world, endpoint, url.searchParams);
        if (route.kind === 'linked') return Promise.resolve(json(200, route.body()));
        if (route.kind === 'chunked' && route.linked) {
          const rows = rowsOf(`${endpoint}?${plain(url.search)}`, route);
          return Promise.resolve(
            json(200, route.header(chunkInfo(endpoint, url.search, rows.length, route.chunkSize))),
          );
        }
        return Promise.resolve(s3Missing());
      }

      if (url.pathname.startsWith(CHUNK_PATH)) {
        const parts = url.pathname.slice(CHUNK_PATH.length).split('/');
        const file = parts.pop() ?? '';
        const encoded = parts.pop() ?? '';
        const endpoint = parts.join('/');
        const query = decodeQuery(encoded);
        const index = Number(file.replace(/\.json$/, ''));
        const route = query === null ? null : routeFor(world, endpoint, new URLSearchParams(query));
        if (!route || route.kind !== 'chunked' || !Number.isInteger(index) || index < 0)
          return Promise.resolve(s3Missing());
        const rows = rowsOf(`${endpoint}?${query}`, route);
        const chunk = rows.slice(index * route.chunkSize, (index + 1) * route.chunkSize);
        if (chunk.length === 0) return Promise.resolve(s3Missing());
        return Promise.resolve(json(200, chunk));
      }
      return Promise.resolve(json(404, { error: 'Not Found' }));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
}

function routeFor(world: DemoWorld, endpoint: string, query: URLSearchParams): Route {
  const handler = ROUTES[endpoint];
  if (!handler)
    return {
      kind: 'error',
      status: 404,
      body: { error: 'Not Found', note: `unknown endpoint ${endpoint}` },
    };
  return handler(world, query);
}

function linkEnvelope(assetsUrl: string, endpoint: string, search: string, nowMs: number) {
  return {
    link: `${assetsUrl}${LINK_PATH}${endpoint}${search}`,
    expires: new Date(nowMs + 15 * 60_000).toISOString(),
  };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** S3's answer to a missing or malformed key. */
function s3Missing(): Response {
  return new Response(
    '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code></Error>',
    {
      status: 404,
      headers: { 'content-type': 'application/xml' },
    },
  );
}

function rateLimitHeaders(nowMs: number): Record<string, string> {
  return {
    'x-ratelimit-limit': '240',
    'x-ratelimit-remaining': '239',
    'x-ratelimit-reset': String(Math.floor(nowMs / 1000) + 60),
  };
}

function tokenAnswer(): Response {
  return json(200, {
    access_token: 'demo-access-token',
    token_type: 'Bearer',
    expires_in: 600,
    refresh_token: 'demo-refresh-token',
    refresh_token_expires_in: 604_800,
    scope: 'iracing.auth',
  });
}

function plain(search: string): string {
  return search.replace(/^\?/, '');
}

/** A query string carried in a chunk URL's path (base64url, so it stays one path segment). */
function encodeQuery(search: string): string {
  return Buffer.from(plain(search), 'utf8').toString('base64url') || '_';
}

function decodeQuery(encoded: string): string | null {
  if (encoded === '_') return '';
  try {
    return Buffer.from(encoded, 'base64url').toString('utf8');
  } catch {
    return null;
  }
}
