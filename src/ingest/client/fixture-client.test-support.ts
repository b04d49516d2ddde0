import {
  createIracingClient,
  type Anomaly,
  type Clock,
  type IracingDataClient,
  type RetryPolicy,
  type TokenStore,
} from './index.ts';
import {
  startFixtureServer,
  type FixtureServer,
  type FixtureServerOptions,
} from '../../../tests/support/iracing-fixture-server.ts';

/** The ingest account the fixture server's token endpoint accepts (checked in masked form). */
export const TEST_CREDENTIALS = {
  clientId: 'PitwallIngest',
  clientSecret: 'Secret-Client-Password',
  username: 'Ingest.Bot@Example.com ',
  password: 'SuperSecretPassword',
} as const;

/**
 * Virtual time: `sleep` records the wait and advances `now` at once, so backoff and rate-limit
 * waits are asserted by value and never really slept.
 */
export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  constructor(private t: number) {}
  now(): number {
    return this.t;
  }
  sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.t += Math.max(0, ms);
    return Promise.resolve();
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

/** 2025-01-01T00:00:00Z: after every recorded X-RateLimit-Reset, so recorded headers never force a wait. */
export const CLOCK_START = Date.UTC(2025, 0, 1);

export interface Harness {
  server: FixtureServer;
  clock: FakeClock;
  client: IracingDataClient;
  anomalies: Anomaly[];
  close(): Promise<void>;
}

export async function startHarness(
  opts: {
    server?: FixtureServerOptions;
    retry?: Partial<RetryPolicy>;
    store?: TokenStore;
    clock?: FakeClock;
  } = {},
): Promise<Harness> {
  const server = await startFixtureServer({ credentials: TEST_CREDENTIALS, ...opts.server });
  const clock = opts.clock ?? new FakeClock(CLOCK_START);
  const anomalies: Anomaly[] = [];
  const client = createIracingClient({
    apiUrl: server.url,
    auth: {
      kind: 'oauth',
      oauthUrl: server.url,
      credentials: TEST_CREDENTIALS,
      ...(opts.store ? { store: opts.store } : {}),
    },
    clock,
    random: () => 1,
    retry: { baseDelayMs: 1_000, maxDelayMs: 30_000, maxAttempts: 3, ...opts.retry },
    onAnomaly: (a) => anomalies.push(a),
  });
  return { server, clock, client, anomalies, close: () => server.close() };
}

/** The query of a recorded request, as an object. */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}
