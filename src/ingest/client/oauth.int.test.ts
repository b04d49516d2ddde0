import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  IRACING_OAUTH_TOKENS_TABLE,
  IracingOAuthError,
  MemoryTokenStore,
  OAuthTokenProvider,
  PostgresTokenStore,
  maskSecret,
  tokenAccountKey,
  type FetchLike,
  type TokenStore,
} from './index.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';
import {
  startFixtureServer,
  type FixtureServer,
} from '../../../tests/support/iracing-fixture-server.ts';
import {
  CLOCK_START,
  FakeClock,
  TEST_CREDENTIALS,
  startHarness,
} from './fixture-client.test-support.ts';

const fetchImpl: FetchLike = (input, init) => fetch(input, init);

/** A token provider as one process would hold it (its own memory; the store may be shared). */
function provider(
  server: FixtureServer,
  clock: FakeClock,
  store: TokenStore = new MemoryTokenStore(),
) {
  return new OAuthTokenProvider({
    oauthUrl: server.url,
    credentials: TEST_CREDENTIALS,
    store,
    fetch: fetchImpl,
    clock,
  });
}

describe('OAuth password_limited with single-use refresh tokens', () => {
  let server: FixtureServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('sends the password_limited grant with masked password and client secret', async () => {
    const h = await startHarness();
    server = h.server;
    h.server.enqueue('SearchDriversSuccessfulAsync');
    await h.client.searchDrivers('341554');
    const [login] = h.server.tokenRequests;
    expect(login?.status).toBe(200);
    expect(login?.form).toEqual({
      grant_type: 'password_limited',
      username: TEST_CREDENTIALS.username,
      password: maskSecret(TEST_CREDENTIALS.password, TEST_CREDENTIALS.username),
      scope: 'iracing.auth',
      client_id: TEST_CREDENTIALS.clientId,
      client_secret: maskSecret(TEST_CREDENTIALS.clientSecret, TEST_CREDENTIALS.clientId),
    });
    expect(login?.form.password).not.toContain(TEST_CREDENTIALS.password);
  });

  it('shares one token request between concurrent callers (in-process single flight)', async () => {
    server = await startFixtureServer({ credentials: TEST_CREDENTIALS, tokenLatencyMs: 50 });
    const tokens = provider(server, new FakeClock(CLOCK_START));
    const got = await Promise.all(Array.from({ length: 20 }, () => tokens.accessToken()));
    expect(new Set(got)).toEqual(new Set(['fixture-access-1']));
    expect(server.tokenRequests).toHaveLength(1);
  });

  it('uses the refresh token once the access token is about to expire, and only once', async () => {
    server = await startFixtureServer({
      credentials: TEST_CREDENTIALS,
      accessTokenTtlSeconds: 600,
    });
    const clock = new FakeClock(CLOCK_START);
    const tokens = provider(server, clock);
    expect(await tokens.accessToken()).toBe('fixture-access-1');
    clock.advance(545_000); // within the 60 s renewal margin of the 600 s lifetime
    const renewed = await Promise.all([
      tokens.accessToken(),
      tokens.accessToken(),
      tokens.accessToken(),
    ]);
    expect(renewed).toEqual(['fixture-access-2', 'fixture-access-2', 'fixture-access-2']);
    expect(server.tokenRequests.map((t) => [t.form.grant_type, t.form.refresh_token])).toEqual([
      ['password_limited', undefined],
      ['refresh_token', 'fixture-refresh-1'],
    ]);
  });

  it('falls back to a password login when the refresh token is refused', async () => {
    server = await startFixtureServer({ credentials: TEST_CREDENTIALS });
    const clock = new FakeClock(CLOCK_START);
    const tokens = provider(server, clock);
    await tokens.accessToken();
    server.revokeRefreshTokens();
    clock.advance(600_000);
    expect(await tokens.accessToken()).toBe('fixture-access-2');
    expect(server.tokenRequests.map((t) => [t.form.grant_type, t.status])).toEqual([
      ['password_limited', 200],
      ['refresh_token', 400],
      ['password_limited', 200],
    ]);
  });

  it('surfaces a refused login as IracingOAuthError without the secrets in the message', async () => {
    server = await startFixtureServer({
      credentials: { ...TEST_CREDENTIALS, password: 'another' },
    });
    const tokens = provider(server, new FakeClock(CLOCK_START));
    const err = await tokens.accessToken().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IracingOAuthError);
    expect((err as IracingOAuthError).error).toBe('invalid_grant');
    expect((err as Error).message).not.toContain(TEST_CREDENTIALS.password);
  });
});

describe('PostgresTokenStore: one refresher across processes', () => {
  let db: TestDatabase;
  let server: FixtureServer;
  beforeAll(async () => {
    db = await createTestDatabase({ poolMax: 6 });
  });
  afterAll(async () => {
    await db.drop();
  });
  afterEach(async () => {
    await server.close();
    await db.knex(IRACING_OAUTH_TOKENS_TABLE).delete();
  });

  it('persists the token pair under an account key that hides the username', async () => {
    server = await startFixtureServer({ credentials: TEST_CREDENTIALS });
    const clock = new FakeClock(CLOCK_START);
    const tokens = provider(server, clock, new PostgresTokenStore(db.knex));
    await tokens.accessToken();
    const rows = await db
      .knex(IRACING_OAUTH_TOKENS_TABLE)
      .select<
        { account: string; access_token: string; refresh_token: string; access_expires_at: Date }[]
      >('*');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      account: tokenAccountKey(TEST_CREDENTIALS),
      access_token: 'fixture-access-1',
      refresh_token: 'fixture-refresh-1',
    });
    expect(rows[0]?.account).not.toContain('example.com');
    expect(rows[0]?.access_expires_at.getTime()).toBe(CLOCK_START + 600_000);

    // A second process starts, finds the stored token and asks the server for nothing.
    const other = provider(server, clock, new PostgresTokenStore(db.knex));
    expect(await other.accessToken()).toBe('fixture-access-1');
    expect(server.tokenRequests).toHaveLength(1);
  });

  it('lets exactly one of several processes spend the refresh token', async () => {
    server = await startFixtureServer({ credentials: TEST_CREDENTIALS, tokenLatencyMs: 100 });
    const clock = new FakeClock(CLOCK_START);
    // "Processes": separate providers and stores (no shared memory), one database.
    const processes = Array.from({ length: 4 }, () =>
      provider(server, clock, new PostgresTokenStore(db.knex)),
    );
    await processes[0]?.accessToken();
    clock.advance(600_000);
    const got = await Promise.all(processes.map((p) => p.accessToken()));
    expect(new Set(got)).toEqual(new Set(['fixture-access-2']));
    expect(server.tokenRequests.map((t) => t.form.grant_type)).toEqual([
      'password_limited',
      'refresh_token',
    ]);
    expect(server.tokenRequests.every((t) => t.status === 200)).toBe(true);
  });

  it('after a 401 in one process, the others adopt the token it renewed', async () => {
    server = await startFixtureServer({ credentials: TEST_CREDENTIALS });
    const clock = new FakeClock(CLOCK_START);
    const a = provider(server, clock, new PostgresTokenStore(db.knex));
    const b = provider(server, clock, new PostgresTokenStore(db.knex));
    const first = await a.accessToken();
    expect(await b.accessToken()).toBe(first);
    a.invalidate(first);
    expect(await a.accessToken()).toBe('fixture-access-2');
    b.invalidate(first); // b sees the same 401 a moment later
    expect(await b.accessToken()).toBe('fixture-access-2');
    expect(server.tokenRequests.map((t) => t.form.grant_type)).toEqual([
      'password_limited',
      'refresh_token',
    ]);
  });
});
