import type { Knex } from 'knex';
import { Redis } from 'ioredis';
import { quietRepeats, type Logger } from '../../logger.ts';
import { ServiceUnavailableError } from '../errors.ts';

/**
 * Fixed-window rate limiting for sign-in, registration and password-reset requests
 * (docs/accounts.md, "Rate limits"). Counters live in Redis when REDIS_URL is set (shared by
 * every web process), otherwise in PostgreSQL table rate_limit_counters (one atomic upsert
 * per hit). Keys never contain personal data: callers key accounts by the email's HMAC.
 */
export interface Limit {
  /** Hits allowed per window. */
  max: number;
  windowMs: number;
}

export interface Verdict {
  allowed: boolean;
  /** Hits in the current window, this one included (for `peek`: without counting one). */
  hits: number;
  /** Seconds until the window ends (the Retry-After of a 429). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  readonly backend: 'redis' | 'postgres';
  /** Counts one hit and says whether it is within the limit. */
  hit(key: string, limit: Limit): Promise<Verdict>;
  /** Whether the window has room left, without counting. */
  peek(key: string, limit: Limit): Promise<Verdict>;
  /** Forgets the current window's hits (e.g. an account's failures after a good sign-in). */
  reset(key: string, limit: Limit): Promise<void>;
  close(): Promise<void>;
}

function windowOf(nowMs: number, limit: Limit): { start: number; retryAfterSeconds: number } {
  const start = Math.floor(nowMs / limit.windowMs) * limit.windowMs;
  return {
    start,
    retryAfterSeconds: Math.max(1, Math.ceil((start + limit.windowMs - nowMs) / 1000)),
  };
}

const verdict = (
  hits: number,
  limit: Limit,
  retryAfterSeconds: number,
  counting: boolean,
): Verdict => ({
  allowed: counting ? hits <= limit.max : hits < limit.max,
  hits,
  retryAfterSeconds,
});

export const RATE_LIMIT_TABLE = 'rate_limit_counters'; // migrations/0064_accounts_rate_limits.ts

/** PostgreSQL counters: `INSERT … ON CONFLICT DO UPDATE SET hits = hits + 1 RETURNING hits`. */
export function createPostgresRateLimiter(
  knex: Knex,
  now: () => Date = () => new Date(),
): RateLimiter {
  let sincePrune = 0;
  return {
    backend: 'postgres',
    async hit(key, limit) {
      const t = now().getTime();
      const { start, retryAfterSeconds } = windowOf(t, limit);
      if (++sincePrune >= 200) {
        sincePrune = 0;
        await knex(RATE_LIMIT_TABLE).where('expires_at', '<', new Date(t)).delete();
      }
      const result = await knex.raw<{ rows: { hits: number }[] }>(
        `INSERT INTO ${RATE_LIMIT_TABLE} (key, window_start, hits, expires_at) VALUES (?, ?, 1, ?)
         ON CONFLICT (key, window_start) DO UPDATE SET hits = ${RATE_LIMIT_TABLE}.hits + 1
         RETURNING hits`,
        [key, new Date(start), new Date(start + limit.windowMs)],
      );
      return verdict(result.rows[0]!.hits, limit, retryAfterSeconds, true);
    },
    async peek(key, limit) {
      const { start, retryAfterSeconds } = windowOf(now().getTime(), limit);
      const row = await knex(RATE_LIMIT_TABLE)
        .where({ key, window_start: new Date(start) })
        .first<{ hits: number } | undefined>('hits');
      return verdict(row?.hits ?? 0, limit, retryAfterSeconds, false);
    },
    async reset(key, limit) {
      const { start } = windowOf(now().getTime(), limit);
      await knex(RATE_LIMIT_TABLE)
        .where({ key, window_start: new Date(start) })
        .delete();
    },
    close: () => Promise.resolve(),
  };
}

/** Redis counters: INCR and PEXPIRE in one MULTI per hit; keys expire with their window. */
export function createRedisRateLimiter(
  redisUrl: string,
  opts: { prefix?: string; now?: () => Date; logger?: Logger } = {},
): RateLimiter {
  // No offline queue: while Redis is away a hit fails at once (503, nothing changed) instead of
  // waiting for a reconnect; the 'error' listener keeps an outage from ending the process.
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
  });
  redis.on(
    'error',
    quietRepeats((err) => opts.logger?.error({ err }, 'redis unavailable (rate limits); retrying')),
  );
  let connecting: Promise<void> | null = null;
  const ready = async (): Promise<void> => {
    if (redis.status === 'ready') return;
    if (redis.status === 'wait') connecting ??= redis.connect().finally(() => (connecting = null));
    if (connecting) await connecting;
  };
  const guarded =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        await ready();
        return await fn(...args);
      } catch (err) {
        throw new ServiceUnavailableError('rate limits (Redis)', err);
      }
    };
  const prefix = opts.prefix ?? 'pitwall';
  const now = opts.now ?? (() => new Date());
  const redisKey = (key: string, start: number) => `${prefix}:rl:${key}:${start}`;
  const limiter: RateLimiter = {
    backend: 'redis',
    async hit(key, limit) {
      const t = now().getTime();
      const { start, retryAfterSeconds } = windowOf(t, limit);
      const k = redisKey(key, start);
      const results = await redis
        .multi()
        .incr(k)
        .pexpire(k, start + limit.windowMs - t + 1000)
        .exec();
      const [err, hits] = results?.[0] ?? [new Error('rate limit: empty MULTI result'), 0];
      if (err) throw err;
      return verdict(Number(hits), limit, retryAfterSeconds, true);
    },
    async peek(key, limit) {
      const { start, retryAfterSeconds } = windowOf(now().getTime(), limit);
      const hits = Number((await redis.get(redisKey(key, start))) ?? 0);
      return verdict(hits, limit, retryAfterSeconds, false);
    },
    async reset(key, limit) {
      const { start } = windowOf(now().getTime(), limit);
      await redis.del(redisKey(key, start));
    },
    async close() {
      redis.disconnect();
      return Promise.resolve();
    },
  };
  return {
    ...limiter,
    hit: guarded((key: string, limit: Limit) => limiter.hit(key, limit)),
    peek: guarded((key: string, limit: Limit) => limiter.peek(key, limit)),
    reset: guarded((key: string, limit: Limit) => limiter.reset(key, limit)),
  };
}

/**
 * The limits of the accounts area (docs/accounts.md, "Rate limits"). Per client address (an
 * IPv6 /64) and per account (the email's HMAC). A sign-in attempt is counted before the
 * password is checked (one atomic increment), so parallel attempts cannot slip past a limit
 * between a check and a count.
 */
export interface RateLimitPolicies {
  loginPerIp: Limit;
  /**
   * Attempts at one account from one address; a good sign-in clears it. Only that address is
   * refused: nobody can lock the owner out from elsewhere.
   */
  loginPerAccountAndIp: Limit;
  /**
   * Attempts at one account from anywhere; past `max` every attempt answers `slowDownMs` later
   * per attempt over (at most `maxSlowDownMs`), never refused.
   */
  loginSlowDownPerAccount: Limit & { slowDownMs: number; maxSlowDownMs: number };
  /** Wrong current passwords of a signed-in user (settings); a right one clears it. */
  passwordCheckPerUser: Limit;
  registerPerIp: Limit;
  registerPerAccount: Limit;
  forgotPerIp: Limit;
  forgotPerAccount: Limit;
}

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimitPolicies = {
  loginPerIp: { max: 30, windowMs: 15 * MINUTE },
  loginPerAccountAndIp: { max: 10, windowMs: 15 * MINUTE },
  loginSlowDownPerAccount: {
    max: 20,
    windowMs: 15 * MINUTE,
    slowDownMs: 250,
    maxSlowDownMs: 3000,
  },
  passwordCheckPerUser: { max: 10, windowMs: 15 * MINUTE },
  registerPerIp: { max: 10, windowMs: 60 * MINUTE },
  registerPerAccount: { max: 5, windowMs: 60 * MINUTE },
  forgotPerIp: { max: 10, windowMs: 60 * MINUTE },
  forgotPerAccount: { max: 3, windowMs: 60 * MINUTE },
};

/** How long an attempt at an account under attack waits before it is answered. */
export function slowDownMs(
  verdict: Verdict,
  policy: RateLimitPolicies['loginSlowDownPerAccount'],
): number {
  const over = verdict.hits - policy.max;
  return over <= 0 ? 0 : Math.min(over * policy.slowDownMs, policy.maxSlowDownMs);
}
