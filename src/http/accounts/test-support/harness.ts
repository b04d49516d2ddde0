import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../../../config.ts';
import type { EventStore, Position } from '../../../eventstore/index.ts';
import { DEFAULT_RATE_LIMITS } from '../../auth/rate-limit.ts';
import type { WebMode } from '../../deps.ts';
import type { RouteDef } from '../../routing/types.ts';
import { createAccounts, type Accounts, type AccountsOptions } from '../../auth/accounts.ts';
import { startWebServer, type RunningWebServer } from '../../server.ts';
import { createLogger, type Logger } from '../../../logger.ts';
import { MAIL_OUTBOX_TABLE, type OutboxRow } from '../../../mail/outbox.ts';
import { articlesProjection } from '../../../projections/articles/projection.ts';
import { allProjections } from '../../../projections/index.ts';
import type { Projection } from '../../../projections/core/types.ts';
import type { WaitForProjections } from '../../../projections/core/wait-for.ts';
import { favoritesProjection } from '../../../projections/favorites/projection.ts';
import { usersProjection } from '../../../projections/users/projection.ts';
import { applyRacingEvents, createRacingTables } from '../../../projections/racing/testing.ts';
import { TestClient, type Sent } from '../../test-support/client.ts';
import {
  catchUpForTest,
  createTestDatabase,
  type TestDatabase,
} from '../../../../tests/support/runtime.ts';

/**
 * The real app with the accounts area on a fresh database: a real event store, the users and
 * favorites projections run to the appended position after every command (the read-your-writes
 * wait of the handlers, `waitForProjections`), an injectable clock, and a few racing drivers to
 * favorite.
 */
export const logger = createLogger({
  level: process.env.TEST_LOG_LEVEL ?? 'silent',
  pretty: false,
});

export class TestClock {
  constructor(private current = new Date('2026-05-01T12:00:00.000Z')) {}
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export const DRIVERS = [
  { custId: 101, displayName: 'Max Verstappen', countryCode: 'NL' },
  { custId: 102, displayName: 'Lando Norris', countryCode: 'GB' },
] as const;

export interface Harness {
  url: string;
  db: TestDatabase;
  store: EventStore;
  config: Config;
  clock: TestClock;
  accounts: Accounts;
  server: RunningWebServer;
  /** Runs the users and favorites projections through every committed event. */
  project(): Promise<void>;
  client(): Promise<TestClient>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  /** Default: no bundle (protocol-level tests); e2e passes the built bundle. */
  web?: WebMode;
  /** The logger of the web app, the accounts area and the mailer (default: the silent `logger`). */
  logger?: Logger;
  accounts?: Omit<AccountsOptions, 'now'>;
  /** Routes added after the table (a test's own fixtures). */
  extraRoutes?: readonly RouteDef[];
  /**
   * Replaces the read-your-writes wait of the handlers (default: the named projections run to
   * the position). A test of a read model that does not catch up in time answers false.
   */
  waitForProjections?: WaitForProjections;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const appLogger = options.logger ?? logger;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-accounts-'));
  const clock = new TestClock();
  // The test runtime (tests/support/runtime.ts): database, event store and the mailer on the
  // test clock; no workers (the harness runs the projections itself).
  const db = await createTestDatabase({
    label: 'accounts',
    poolMax: 10,
    pools: { eventStore: 3 },
    logger: appLogger,
    now: clock.now,
    env: { DATA_DIR: dataDir, ...options.env },
  });
  const { config, eventStore: store, mailer } = db.runtime;
  const runnerDeps = { knex: db.knex, eventStore: store, logger: appLogger };

  const catchUp = (projection: Projection, position: Position | null) =>
    catchUpForTest(runnerDeps, [projection], position);
  // Every read model by name: an admin mutation (articles, teams…) waits for its own.
  const byName: Record<string, Projection> = Object.fromEntries(
    allProjections.map((p) => [p.name, p]),
  );

  // Read-your-writes without workers: the named projections run to the position.
  const waitForProjections: WaitForProjections = async (names, position) => {
    for (const name of names) await catchUp(byName[name]!, position);
    return true;
  };
  const accounts = createAccounts(
    {
      config,
      logger: appLogger,
      knex: db.knex,
      eventStore: store,
      waitForProjections: options.waitForProjections ?? waitForProjections,
      mailer,
    },
    {
      now: clock.now,
      // Every test client comes from 127.0.0.1: limits high enough not to interfere, except
      // where a test sets its own (rate-limits.int.test.ts).
      rateLimits: Object.fromEntries(
        Object.entries(DEFAULT_RATE_LIMITS).map(([k, v]) => [k, { ...v, max: 10_000 }]),
      ),
      ...options.accounts,
    },
  );
  await createRacingTables(db.knex);
  await applyRacingEvents(
    db.knex,
    DRIVERS.map((d) => ({
      type: 'DriverProfileRecorded' as const,
      data: {
        custId: d.custId,
        displayName: d.displayName,
        memberSince: '2020-01-01',
        countryCode: d.countryCode,
        flairName: null,
        clubName: null,
        licenses: [],
      },
    })),
  );
  // The worker builds projections at start; here the first catch-up builds their tables.
  await catchUp(usersProjection, null);
  await catchUp(favoritesProjection, null);
  await catchUp(articlesProjection, null); // the home page reads it
  const server = await startWebServer(
    {
      config,
      logger: appLogger,
      knex: db.knex,
      databaseUrl: db.url,
      eventStore: store,
      accounts,
      waitForProjections: options.waitForProjections ?? waitForProjections,
      web: options.web ?? { mode: 'none', version: 'v1' },
    },
    { port: 0, host: '127.0.0.1' },
    { extraRoutes: options.extraRoutes ?? [] },
  );
  return {
    url: server.url,
    db,
    store,
    config,
    clock,
    accounts,
    server,
    project: () => catchUpForTest(runnerDeps, [usersProjection, favoritesProjection]),
    client: async () => {
      const c = new TestClient(server.url);
      await c.get('/auth/login'); // a session and its XSRF-TOKEN cookie
      return c;
    },
    close: async () => {
      await server.close(100);
      await accounts.close();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const PASSWORD = 'correct horse battery staple';

let counter = 0;
export function uniqueEmail(label = 'driver'): string {
  return `${label}.${process.pid}.${++counter}@example.com`;
}

/** A mutation the way the Inertia client sends it (JSON, CSRF header, X-Inertia). */
export function send(
  client: TestClient,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Sent> {
  return client.request(path, {
    method,
    body,
    csrf: true,
    inertia: true,
    headers: { Referer: `${client.baseUrl}/from-page`, ...headers },
  });
}

/** The validation errors the next page shows (after a redirect back). */
export async function errorsAfter(client: TestClient): Promise<Record<string, string>> {
  const page = (await client.visit('/privacy-policy')).page();
  return (page.props.errors ?? {}) as Record<string, string>;
}

export async function registerUser(
  client: TestClient,
  fields: { email?: string; password?: string; displayName?: string } = {},
): Promise<{ email: string; password: string; displayName: string; res: Sent }> {
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? PASSWORD;
  const displayName = fields.displayName ?? 'Jane Racer';
  const res = await send(client, 'POST', '/auth/register', {
    displayName,
    email,
    password,
    passwordConfirmation: password,
  });
  return { email, password, displayName, res };
}

export async function signedInUserId(client: TestClient): Promise<string | null> {
  const page = (await client.visit('/')).page();
  const auth = page.props.auth as { user: { id: string } | null };
  return auth.user?.id ?? null;
}

/** The mail outbox, once the work handlers deferred past their answers has finished. */
export async function outbox(h: Harness): Promise<OutboxRow[]> {
  await h.accounts.drain();
  return h.db.knex<OutboxRow>(MAIL_OUTBOX_TABLE).orderBy('id');
}
