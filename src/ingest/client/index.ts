import type { Config } from '../../config.ts';
import type { Knex } from '../../db/knex.ts';
import { systemClock, type Clock, type FetchLike } from './clock.ts';
import { IracingDataClient } from './iracing-client.ts';
import { OAuthTokenProvider, type OAuthCredentials } from './oauth.ts';
import { MemoryTokenStore, type TokenStore } from './token-store.ts';
import { PostgresTokenStore } from './token-store-postgres.ts';
import {
  Transport,
  defaultRetryPolicy,
  type AccessTokenSource,
  type Anomaly,
  type RetryPolicy,
} from './transport.ts';

export { systemClock, type Clock, type FetchLike } from './clock.ts';
export * from './errors.ts';
export { parseCsv } from './csv.ts';
export { maskSecret, normalizeIdentifier } from './masking.ts';
export { OAuthTokenProvider, tokenAccountKey, type OAuthCredentials } from './oauth.ts';
export { MemoryTokenStore, type StoredToken, type TokenStore } from './token-store.ts';
export { IRACING_OAUTH_TOKENS_TABLE, PostgresTokenStore } from './token-store-postgres.ts';
export { type RateLimitStatus } from './rate-limit.ts';
export {
  SEARCH_SERIES_MAX_DAYS,
  isoSeconds,
  mergeBySubsession,
  searchWindows,
  type TimeWindow,
} from './search-windows.ts';
export {
  defaultRetryPolicy,
  type AccessTokenSource,
  type Anomaly,
  type RetryPolicy,
} from './transport.ts';
export type { QueryParams, QueryValue } from './data-fetcher.ts';
export {
  IracingDataClient,
  type Chunked,
  type SearchSeriesFilters,
  type SearchSeriesQuery,
} from './iracing-client.ts';

export interface IracingClientOptions {
  /** Base of the Data API (config IRACING_API_URL), e.g. https://members-ng.iracing.com. */
  apiUrl: string;
  /**
   * How requests are authorised: OAuth password_limited credentials (with the OAuth server's
   * base URL, config IRACING_OAUTH_URL, and a token store), or any token source — e.g.
   * `staticAccessToken('demo')` for the demo transport.
   */
  auth:
    | { kind: 'oauth'; oauthUrl: string; credentials: OAuthCredentials; store?: TokenStore }
    | { kind: 'token'; source: AccessTokenSource };
  fetch?: FetchLike;
  clock?: Clock;
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  /** Told about answers the client accepted despite an odd status (see transport.ts). */
  onAnomaly?: (anomaly: Anomaly) => void;
}

/** A Data API client; nothing is fetched until a method is called. */
export function createIracingClient(opts: IracingClientOptions): IracingDataClient {
  const fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const clock = opts.clock ?? systemClock;
  const tokens =
    opts.auth.kind === 'token'
      ? opts.auth.source
      : new OAuthTokenProvider({
          oauthUrl: opts.auth.oauthUrl,
          credentials: opts.auth.credentials,
          store: opts.auth.store ?? new MemoryTokenStore(),
          fetch,
          clock,
        });
  const transport = new Transport({
    fetch,
    clock,
    tokens,
    retry: { ...defaultRetryPolicy, ...opts.retry },
    random: opts.random ?? Math.random,
    onAnomaly: opts.onAnomaly ?? (() => undefined),
  });
  return new IracingDataClient(transport, opts.apiUrl);
}

/** A token source that always answers the same token (demo transport, tests). */
export function staticAccessToken(token: string): AccessTokenSource {
  return { accessToken: () => Promise.resolve(token), invalidate: () => undefined };
}

/**
 * The client for the configured ingest account, tokens persisted in PostgreSQL; null when the
 * iRacing credentials (IRACING_CLIENT_ID, _CLIENT_SECRET, _USERNAME, _PASSWORD) are not all set,
 * which is the embedded default's demo-data mode.
 */
export function createIracingClientFromConfig(
  config: Pick<
    Config,
    | 'IRACING_API_URL'
    | 'IRACING_OAUTH_URL'
    | 'IRACING_CLIENT_ID'
    | 'IRACING_CLIENT_SECRET'
    | 'IRACING_USERNAME'
    | 'IRACING_PASSWORD'
  >,
  deps: {
    knex: Knex;
    fetch?: FetchLike;
    clock?: Clock;
    onAnomaly?: (anomaly: Anomaly) => void;
  },
): IracingDataClient | null {
  const { IRACING_CLIENT_ID, IRACING_CLIENT_SECRET, IRACING_USERNAME, IRACING_PASSWORD } = config;
  if (!IRACING_CLIENT_ID || !IRACING_CLIENT_SECRET || !IRACING_USERNAME || !IRACING_PASSWORD) {
    return null;
  }
  return createIracingClient({
    apiUrl: config.IRACING_API_URL,
    auth: {
      kind: 'oauth',
      oauthUrl: config.IRACING_OAUTH_URL,
      credentials: {
        clientId: IRACING_CLIENT_ID,
        clientSecret: IRACING_CLIENT_SECRET,
        username: IRACING_USERNAME,
        password: IRACING_PASSWORD,
      },
      store: new PostgresTokenStore(deps.knex),
    },
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...(deps.onAnomaly ? { onAnomaly: deps.onAnomaly } : {}),
  });
}
