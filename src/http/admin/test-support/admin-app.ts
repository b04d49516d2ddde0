import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../../../config.ts';
import { carStreamName, subsessionStreamName, trackStreamName } from '../../../events/racing.ts';
import type { EventStore, Position } from '../../../eventstore/index.ts';
import { createAccounts, type Accounts } from '../../auth/accounts.ts';
import { createPasswordHasher } from '../../auth/password-hasher.ts';
import type { WebMode } from '../../deps.ts';
import { startWebServer, type RunningWebServer } from '../../server.ts';
import type { JobSystem } from '../../../jobs/system.ts';
import { createLogger } from '../../../logger.ts';
import { articlesProjection } from '../../../projections/articles/projection.ts';
import { catalogProjection } from '../../../projections/catalog/index.ts';
import { describeVisibilityHold } from '../../../projections/core/held-back.ts';
import { waitForProjections } from '../../../projections/core/wait-for.ts';
import { racingResultsProjection } from '../../../projections/racing/results-projection.ts';
import { buildSubsession } from '../../../projections/racing/testing.ts';
import { sessionReplaysProjection } from '../../../projections/session-replays/index.ts';
import { gearProjection } from '../../../projections/gear/projection.ts';
import { prosProjection } from '../../../projections/pros/projection.ts';
import { seasonsProjection } from '../../../projections/seasons/index.ts';
import { seriesProjection } from '../../../projections/series/index.ts';
import { setupsProjection } from '../../../projections/setups/projection.ts';
import { recruitmentProjection } from '../../../projections/recruitment/projection.ts';
import { teamsProjection } from '../../../projections/teams/projection.ts';
import { usersProjection } from '../../../projections/users/projection.ts';
import { allProjections } from '../../../projections/index.ts';
import { ingestJobHandlers } from '../../../ingest/jobs/handlers.ts';
import { expect } from 'vitest';
import { NOT_VISIBLE_YET } from '../../mutation.ts';
import { TestClient, type Sent } from '../../test-support/client.ts';
import { signInAs, type SignedInUser } from '../../../../tests/support/admin-session.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/runtime.ts';

/**
 * The real app as `npm start` wires it, on a fresh database: the PostgreSQL event store, the
 * BullMQ job system on the machine's Redis (a unique prefix), workers running the projections
 * the admin pages read (articles, users, session replays, racing results, teams, pros, gear,
 * setups, the catalog, series, seasons, recruitment), and the accounts area. No ingest worker runs
 * unless `ingest` asks for it, so a requested replay stays queued: its job is the ingest's.
 * Mutations therefore travel the production path: command → append → wake-up job → projection
 * → read-your-writes wait → redirect.
 *
 * On a busy machine a projection can take longer than an answer waits: the answer then says the
 * change "may take a moment" instead of its success flash (src/http/mutation.ts). The app waits
 * longer than production (READ_YOUR_WRITES_MS below), tests accept either flash (`expectSaved`),
 * and a test that reads a read model after a write first waits for it (`settled`).
 */
export const logger = createLogger({
  level: process.env.TEST_LOG_LEVEL ?? 'silent',
  pretty: false,
});

const PROJECTIONS = [
  articlesProjection,
  usersProjection,
  sessionReplaysProjection,
  racingResultsProjection,
  teamsProjection,
  prosProjection,
  gearProjection,
  setupsProjection,
  catalogProjection,
  seriesProjection,
  seasonsProjection,
  recruitmentProjection,
];

export interface AdminApp {
  url: string;
  db: TestDatabase;
  store: EventStore;
  jobs: JobSystem;
  accounts: Accounts;
  config: Config;
  /** A fresh browser-like client with a session (and its XSRF-TOKEN cookie). */
  client(): Promise<TestClient>;
  /** A client signed in with the given role. */
  signedIn(role: 'admin' | 'member'): Promise<{ client: TestClient; user: SignedInUser }>;
  /** Resolves once the named projections passed `position` (throws after 30 s). */
  caughtUp(projections: readonly string[], position: Position): Promise<void>;
  /** Resolves once the named projections passed every write so far (throws after 30 s). */
  settled(projections: readonly string[]): Promise<void>;
  /**
   * Records one subsession of `sessionId` (as the ingest would; `overrides` change the defaults
   * of buildSubsession) and waits until it is projected.
   */
  recordSession(
    sessionId: number,
    subsessionId: number,
    overrides?: Parameters<typeof buildSubsession>[0],
  ): Promise<void>;
  /** Catalogues a car and a track layout (as the ingest would) and waits until they are projected. */
  recordCatalog(
    car: { carId: number; carName: string },
    track: { trackId: number; trackName: string; configName: string | null },
  ): Promise<void>;
  close(): Promise<void>;
}

/** How long a mutation's answer waits for its read models in these tests (production: 3 s). */
export const TEST_READ_YOUR_WRITES_MS = 15_000;

export interface AdminAppOptions {
  web?: WebMode;
  /**
   * Run the ingest queue's handlers too (the worker's `ingestJobHandlers`, on the demo world this
   * database records: no iRacing credentials) and every projection, so a requested replay runs
   * and the public pages it changes are served up to date.
   */
  ingest?: boolean;
}

export async function startAdminApp(options: AdminAppOptions = {}): Promise<AdminApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-admin-'));
  // The test runtime (tests/support/runtime.ts): jobs on the machine's Redis under a unique
  // prefix, no REDIS_URL in the app's config (so the sign-in rate limiter lives in this test's
  // own database), workers running the admin pages' projections and no other handlers.
  let db: TestDatabase;
  try {
    db = await createTestDatabase({
      label: 'admin',
      poolMax: 10,
      pools: { eventStore: 3 },
      logger,
      projections: options.ingest ? allProjections : PROJECTIONS,
      workers: { handlerFactories: options.ingest ? [ingestJobHandlers] : [] },
      // The answer's read-your-writes wait, raised from production's 3 s for a busy CI machine.
      env: { DATA_DIR: dataDir, READ_YOUR_WRITES_MS: String(TEST_READ_YOUR_WRITES_MS) },
    });
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const rt = db.runtime;
  const { config } = rt;
  let server: RunningWebServer | null = null;
  let accounts: Accounts | null = null;
  const stop = async () => {
    await server?.close(100);
    await accounts?.close();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // Cheap argon2 parameters: the same code path, a fraction of the CPU on a 2-core machine.
    accounts = createAccounts(rt, {
      hasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
    });
    server = await startWebServer(
      {
        ...rt,
        databaseUrl: db.url,
        accounts,
        web: options.web ?? { mode: 'none', version: 'v1' },
      },
      { port: 0, host: '127.0.0.1' },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  const { eventStore: store, jobs } = rt;
  const app = server;
  const appAccounts = accounts;

  const caughtUp = async (projections: readonly string[], position: Position) => {
    if (!(await waitForProjections(db.knex, projections, position, { timeoutMs: 30_000 }))) {
      throw new Error(
        `${projections.join(', ')} did not reach ${position} within 30 s; the oldest open ` +
          `transaction on the server: ${await describeVisibilityHold(db.knex)}`,
      );
    }
  };
  const client = async () => {
    const c = new TestClient(app.url);
    await c.get('/auth/login');
    return c;
  };

  return {
    url: app.url,
    db,
    store,
    jobs,
    accounts: appAccounts,
    config,
    client,
    async signedIn(role) {
      const c = await client();
      const user = await signInAs(
        c,
        {
          knex: db.knex,
          eventStore: store,
          accounts: appAccounts,
          notifyAppended: (a) => jobs.notifyAppended(a.position, a.eventTypes),
          usersCaughtUp: (position) => caughtUp(['users'], position),
        },
        role,
      );
      return { client: c, user };
    },
    caughtUp,
    async settled(projections) {
      await caughtUp(projections, await store.headPosition());
    },
    async recordSession(sessionId, subsessionId, overrides = {}) {
      const event = {
        id: randomUUID(),
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({ ...overrides, subsessionId, sessionId }),
        metadata: { occurredAt: '2026-01-01T00:00:00.000Z' },
      };
      const appended = await store.append(subsessionStreamName(subsessionId), [event]);
      await jobs.notifyAppended(appended.position, [event.type]);
      await caughtUp([racingResultsProjection.name], appended.position);
    },
    async recordCatalog(car, track) {
      const metadata = { occurredAt: '2026-01-01T00:00:00.000Z' };
      await store.append(carStreamName(car.carId), [
        {
          id: randomUUID(),
          type: 'CarCatalogued',
          data: { ...car, carShortName: null, carTypes: [], categories: ['sports_car'] },
          metadata,
        },
      ]);
      const last = await store.append(trackStreamName(track.trackId), [
        {
          id: randomUUID(),
          type: 'TrackCatalogued',
          data: { ...track, category: 'sports_car', lengthKm: null, cornersPerLap: null },
          metadata,
        },
      ]);
      await jobs.notifyAppended(last.position, ['CarCatalogued', 'TrackCatalogued']);
      await caughtUp(['racing_catalog'], last.position);
    },
    close: stop,
  };
}

/**
 * A mutation as the Inertia client sends it: JSON body, X-Inertia, the CSRF header (unless
 * `csrf: false`) and, given `from`, the Referer of that page (a redirect back returns there).
 */
export function send(
  client: TestClient,
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: { from?: string; csrf?: boolean } = {},
): Promise<Sent> {
  return client.request(path, {
    method,
    body,
    inertia: true,
    csrf: options.csrf ?? true,
    headers: options.from ? { Referer: new URL(options.from, client.baseUrl).toString() } : {},
  });
}

/** The page a redirect leads to (an Inertia GET of its Location). */
export async function follow(client: TestClient, res: Sent): Promise<ReturnType<Sent['page']>> {
  const location = res.headers.get('location');
  if (res.status !== 303 && res.status !== 302) {
    throw new Error(`expected a redirect, got ${res.status}: ${res.text.slice(0, 300)}`);
  }
  if (!location) throw new Error('redirect without a Location');
  const next = await client.visit(location);
  if (next.status !== 200) throw new Error(`GET ${location} → ${next.status}`);
  return next.page();
}

/**
 * Asserts the flash of a change that was saved: `text` as the success flash or, when the read
 * models had not caught up within the answer's wait, the same text as info with "It may take a
 * moment to appear." Both mean the command was appended; follow with `settled` before reading
 * a read model.
 */
export function expectSaved(flash: unknown, text: string): void {
  expect([{ success: text }, { info: `${text} ${NOT_VISIBLE_YET}` }]).toContainEqual(flash);
}
