import type { Request, RequestHandler } from 'express';
import passport from 'passport';
import type { Config } from '../../config.ts';
import type { Knex } from '../../db/knex.ts';
import type { EventStore, Position } from '../../eventstore/port.ts';
import { PiiKeyring, resolvePiiMasterSecret, setPiiKeyring } from '../../events/user-pii.ts';
import type { JobSystem } from '../../jobs/system.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { findSessionUser, type SessionUser } from '../../queries/users.ts';
import type { UserCommandDeps } from '../../commands/users/handlers.ts';
import { projectionsVisible, requestCommandDeps } from '../mutation.ts';
import type { WaitForProjections } from '../../projections/core/wait-for.ts';
import type { AuthUser } from '../../../web/inertia/shared-props.ts';
import { discordSettings, installDiscordStrategy, type DiscordSettings } from './discord.ts';
import { createPasswordHasher, type PasswordHasher } from './password-hasher.ts';
import {
  createPostgresRateLimiter,
  createRedisRateLimiter,
  DEFAULT_RATE_LIMITS,
  type RateLimiter,
  type RateLimitPolicies,
} from './rate-limit.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    /** The signed-in user passport puts on `req.user` (from the users read model). */
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}

declare module '../deps.ts' {
  interface HttpDeps {
    /** The accounts area (src/http/auth); created by the app from the event store when absent. */
    accounts?: Accounts;
  }
}

/** What the session stores about its user: enough to notice a password or role change. */
export interface StoredSessionUser {
  id: string;
  /** The users read model's session_epoch at sign-in; a password change or reset bumps it. */
  epoch: number;
  role: 'member' | 'admin';
}

/**
 * Read-your-writes after an append: resolves true once the named projections passed `position`,
 * false when the bound (READ_YOUR_WRITES_MS) passed first.
 */
export type Settle = (
  position: Position | null,
  projections: readonly string[],
) => Promise<boolean>;

export interface AccountsDeps {
  config: Config;
  logger: Logger;
  knex: Knex;
  eventStore: EventStore;
  jobs?: Pick<JobSystem, 'notifyAppended'>;
  /** Read-your-writes (HttpDeps.waitForProjections); default: polling the checkpoints. */
  waitForProjections?: WaitForProjections;
  /** The process's mailer (the runtime opens and closes it); `options.mailer` wins (tests). */
  mailer: Mailer;
}

export interface AccountsOptions {
  now?: () => Date;
  hasher?: PasswordHasher;
  limiter?: RateLimiter;
  rateLimits?: Partial<RateLimitPolicies>;
  mailer?: Mailer;
  keyring?: PiiKeyring;
  /** Redis key prefix of the rate limiter (tests: a unique one). Default 'pitwall'. */
  redisPrefix?: string;
  /**
   * Runs work a handler leaves for after its answer. Default: on the next turn of the event
   * loop, tracked (`drain`) and logged on failure. Tests pass one that holds the tasks.
   */
  defer?: (task: () => Promise<void>) => void;
}

export interface Accounts {
  readonly keyring: PiiKeyring;
  readonly hasher: PasswordHasher;
  readonly limiter: RateLimiter;
  readonly limits: RateLimitPolicies;
  readonly mailer: Mailer;
  readonly now: () => Date;
  readonly settle: Settle;
  readonly discord: DiscordSettings | null;
  readonly passport: passport.Authenticator;
  /**
   * passport (req.login/logout; the user of a stored session on req.user) and the
   * privilege-change check; after session and CSRF. A request without a session has no user
   * and skips the session part.
   */
  readonly middleware: RequestHandler;
  /**
   * Puts passport's request methods (req.login, req.logout, req.isAuthenticated and the session
   * manager they use) on the app's request prototype (`app.request`), once: passport.initialize()
   * would add the same eight properties to every request object, which costs a reader's page
   * view ~25 µs. Sign-in works on any request, with or without a session yet.
   */
  installRequestMethods(request: object): void;
  readonly resolveUser: (req: Request) => Promise<AuthUser | null>;
  /** Everything a user or favorites command needs, with this request as actor and correlation. */
  readonly commandDeps: (req: Request) => UserCommandDeps;
  /**
   * Work that must not shape the answer (forgot-password's lookup, token and mail: their time
   * would tell whether an account exists). The handler answers first; the task runs after it.
   */
  readonly defer: (task: () => Promise<void>) => void;
  /** Resolves when every deferred task has finished (shutdown, tests). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Builds the accounts area for one app: keyring, password hasher, rate limiter (Redis when
 * REDIS_URL is set, else PostgreSQL), passport (local sessions and Discord); mail goes through
 * the process's mailer. Sets the process's PII keyring, so the users projection in this process
 * opens fields with the same master key.
 */
export function createAccounts(deps: AccountsDeps, options: AccountsOptions = {}): Accounts {
  const { config, knex, logger } = deps;
  const now = options.now ?? (() => new Date());
  const keyring = options.keyring ?? new PiiKeyring(resolvePiiMasterSecret(config));
  setPiiKeyring(keyring);
  const hasher = options.hasher ?? createPasswordHasher();
  const limiter =
    options.limiter ??
    (config.REDIS_URL
      ? createRedisRateLimiter(config.REDIS_URL, {
          prefix: options.redisPrefix ?? 'pitwall',
          now,
          logger: deps.logger,
        })
      : createPostgresRateLimiter(knex, now));
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const mailer = options.mailer ?? deps.mailer;
  const settle: Settle = (position, projections) => projectionsVisible(deps, projections, position);
  const deferred = new Set<Promise<void>>();
  const defer =
    options.defer ??
    ((task: () => Promise<void>) => {
      const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => logger.error({ err }, 'deferred account work failed'))
        .finally(() => deferred.delete(run));
      deferred.add(run);
    });
  const drain = async () => {
    while (deferred.size > 0) await Promise.all([...deferred]);
  };

  const authenticator = new passport.Passport();
  authenticator.serializeUser((user, done) => {
    const stored: StoredSessionUser = { id: user.id, epoch: user.sessionEpoch, role: user.role };
    done(null, stored);
  });
  authenticator.deserializeUser((stored: Partial<StoredSessionUser>, done) => {
    if (typeof stored?.id !== 'string') {
      done(null, false);
      return;
    }
    findSessionUser(knex, stored.id).then(
      // Deleted, or signed in before the last password change/reset: signed out.
      (user) => done(null, user && user.sessionEpoch === stored.epoch ? user : false),
      (err: unknown) => done(err),
    );
  });
  const discord = discordSettings(config);
  if (discord) installDiscordStrategy(authenticator, discord);

  /**
   * A role granted or taken since sign-in: the session gets a new id (ASVS 3.2.1, privilege
   * change) and records the new role; the user stays signed in.
   */
  const privilegeChange: RequestHandler = (req, _res, next) => {
    const stored = (req.session as { passport?: { user?: StoredSessionUser } } | undefined)
      ?.passport?.user;
    if (!req.user || !stored || stored.role === req.user.role) {
      next();
      return;
    }
    req.login(req.user, { session: true, keepSessionInfo: true }, (err) => next(err));
  };
  const restoreUser = authenticator.session() as RequestHandler;
  const middleware: RequestHandler = (req, res, next) => {
    if (!req.session) {
      next(); // no session (a reader without a session cookie): nobody is signed in
      return;
    }
    void restoreUser(req, res, (err?: unknown) =>
      err ? next(err) : privilegeChange(req, res, next),
    );
  };

  /** What passport.initialize() would put on every request (req.login, its session manager…). */
  const requestMethods: Record<string, unknown> = {};
  void (authenticator.initialize() as RequestHandler)(
    requestMethods as unknown as Request,
    {} as never,
    () => undefined,
  );

  return {
    keyring,
    hasher,
    limiter,
    limits,
    mailer,
    now,
    settle,
    discord,
    passport: authenticator,
    middleware,
    installRequestMethods(request) {
      Object.assign(request, requestMethods);
    },
    resolveUser: (req) =>
      Promise.resolve(
        req.user
          ? { id: req.user.id, displayName: req.user.displayName, role: req.user.role }
          : null,
      ),
    commandDeps: (req) => ({
      ...requestCommandDeps(req, deps, req.user),
      knex,
      keyring,
      now,
    }),
    defer,
    drain,
    async close() {
      await drain();
      await limiter.close();
    },
  };
}
