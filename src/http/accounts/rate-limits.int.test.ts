import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRedisRateLimiter,
  DEFAULT_RATE_LIMITS,
  RATE_LIMIT_TABLE,
  type RateLimitPolicies,
} from '../auth/rate-limit.ts';
import { testRedisUrl, uniquePrefix } from '../../../tests/support/runtime.ts';
import type { TestClient } from '../test-support/client.ts';
import {
  PASSWORD,
  registerUser,
  send,
  signedInUserId,
  startHarness,
  uniqueEmail,
  type Harness,
} from './test-support/harness.ts';

/**
 * 429 with Retry-After on sign-in, registration and reset requests, per IP and per account,
 * with the PostgreSQL counters (no REDIS_URL) and with Redis.
 */
const WINDOW = 15 * 60_000;
const limits: RateLimitPolicies = {
  ...DEFAULT_RATE_LIMITS,
  loginPerIp: { max: 4, windowMs: WINDOW },
  loginPerAccountAndIp: { max: 2, windowMs: WINDOW },
  loginSlowDownPerAccount: { max: 3, windowMs: WINDOW, slowDownMs: 1, maxSlowDownMs: 5 },
  registerPerIp: { max: 3, windowMs: WINDOW },
  registerPerAccount: { max: 2, windowMs: WINDOW },
  forgotPerIp: { max: 10, windowMs: WINDOW },
  forgotPerAccount: { max: 2, windowMs: WINDOW },
};

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;
const from = (ip: string) => ({ 'X-Forwarded-For': ip });

function suite(backend: 'postgres' | 'redis') {
  describe(`rate limits (${backend})`, () => {
    let h: Harness;

    beforeAll(async () => {
      const prefix = uniquePrefix('rl');
      h = await startHarness({
        env: { TRUST_PROXY: 'true' },
        accounts: {
          rateLimits: limits,
          ...(backend === 'redis'
            ? {
                limiter: createRedisRateLimiter(testRedisUrl, { prefix, now: () => h.clock.now() }),
              }
            : {}),
        },
      });
      expect(h.accounts.limiter.backend).toBe(backend);
    });
    afterAll(async () => {
      await h?.close();
    });

    const login = (c: TestClient, ip: string, email: string, password: string) =>
      send(c, 'POST', '/auth/login', { email, password }, from(ip));

    it('limits sign-in attempts per IP with 429, Retry-After and the message on the form', async () => {
      const ip = nextIp();
      const c = await h.client();
      for (let i = 0; i < limits.loginPerIp.max; i++) {
        expect((await login(c, ip, uniqueEmail(), 'wrong password')).status).toBe(303);
      }
      const limited = await login(c, ip, uniqueEmail(), 'wrong password');
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(WINDOW / 1000);
      const page = limited.page();
      expect(page.component).toBe('Auth/Login');
      expect((page.props.errors as Record<string, string>).email).toMatch(/^Too many attempts/);
      // Another address is not affected; the next window is open again.
      expect((await login(c, nextIp(), uniqueEmail(), 'wrong password')).status).toBe(303);
      h.clock.advance(WINDOW);
      expect((await login(c, ip, uniqueEmail(), 'wrong password')).status).toBe(303);
    });

    it('limits attempts at an account per address, even with the right password then; the owner elsewhere still signs in', async () => {
      const { email } = await registerUser(await h.client(), {});
      const attacker = await h.client();
      const ip = nextIp();
      for (let i = 0; i < limits.loginPerAccountAndIp.max; i++)
        expect((await login(attacker, ip, email, 'wrong password')).status).toBe(303);
      const limited = await login(attacker, ip, email, PASSWORD);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await signedInUserId(attacker)).toBeNull();
      // Attempts from many more addresses pass the account's slow-down threshold: slower, never locked.
      for (let i = 0; i < limits.loginSlowDownPerAccount.max + 2; i++)
        expect((await login(await h.client(), nextIp(), email, 'wrong password')).status).toBe(303);
      const owner = await h.client();
      expect((await login(owner, nextIp(), email, PASSWORD)).status).toBe(303);
      expect(await signedInUserId(owner)).not.toBeNull();
      // A good sign-in clears its address's count.
      const again = await h.client();
      const ownIp = nextIp();
      await login(again, ownIp, email, 'wrong password');
      expect((await login(again, ownIp, email, PASSWORD)).status).toBe(303);
      await send(again, 'POST', '/auth/logout');
      await login(again, ownIp, email, 'wrong password');
      expect((await login(again, ownIp, email, PASSWORD)).status).toBe(303);
      // Same answer for an address without an account: the limit says nothing about existence.
      const ghost = uniqueEmail('ghost');
      const ghostIp = nextIp();
      for (let i = 0; i < limits.loginPerAccountAndIp.max; i++)
        await login(attacker, ghostIp, ghost, 'wrong password');
      expect((await login(attacker, ghostIp, ghost, 'wrong password')).status).toBe(429);
    });

    it('attempts sent at once meet the per-account limit exactly (counted before the check)', async () => {
      const { email } = await registerUser(await h.client(), {});
      const ip = nextIp();
      const clients = await Promise.all(Array.from({ length: 8 }, () => h.client()));
      const statuses = await Promise.all(
        clients.map((c) => login(c, ip, email, 'wrong password').then((r) => r.status)),
      );
      expect(statuses.filter((s) => s === 303)).toHaveLength(limits.loginPerAccountAndIp.max);
      expect(statuses.filter((s) => s === 429)).toHaveLength(8 - limits.loginPerAccountAndIp.max);
    });

    it('counts an IPv6 client by its /64: a fresh address in it does not escape the limit', async () => {
      const c = await h.client();
      const net = `2001:db8:${backend === 'redis' ? 'a' : 'b'}:1`;
      for (let i = 1; i <= limits.loginPerIp.max; i++)
        expect((await login(c, `${net}::${i}`, uniqueEmail(), 'wrong password')).status).toBe(303);
      expect((await login(c, `${net}:ffff::99`, uniqueEmail(), 'wrong password')).status).toBe(429);
      expect(
        (
          await login(
            c,
            `2001:db8:${backend === 'redis' ? 'a' : 'b'}:2::1`,
            uniqueEmail(),
            'wrong password',
          )
        ).status,
      ).toBe(303);
    });

    it('limits registrations per IP and per email', async () => {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i <= limits.registerPerIp.max; i++) {
        const email = uniqueEmail('reg');
        statuses.push(
          (
            await send(
              await h.client(),
              'POST',
              '/auth/register',
              { displayName: 'Jane', email, password: PASSWORD, passwordConfirmation: PASSWORD },
              from(ip),
            )
          ).status,
        );
      }
      expect(statuses).toEqual([303, 303, 303, 429]);
      const email = uniqueEmail('same');
      const perEmail: number[] = [];
      for (let i = 0; i <= limits.registerPerAccount.max; i++) {
        perEmail.push(
          (
            await send(
              await h.client(),
              'POST',
              '/auth/register',
              { displayName: 'Jane', email, password: PASSWORD, passwordConfirmation: PASSWORD },
              from(nextIp()),
            )
          ).status,
        );
      }
      expect(perEmail).toEqual([303, 303, 429]);
    });

    it('limits reset requests per email', async () => {
      const email = uniqueEmail('forgot');
      const statuses: number[] = [];
      for (let i = 0; i <= limits.forgotPerAccount.max; i++) {
        statuses.push(
          (await send(await h.client(), 'POST', '/auth/forgot-password', { email }, from(nextIp())))
            .status,
        );
      }
      expect(statuses).toEqual([303, 303, 429]);
    });

    if (backend === 'postgres') {
      it('keys accounts by a keyed hash, never by the email', async () => {
        const rows = await h.db.knex(RATE_LIMIT_TABLE).select<{ key: string }[]>('key');
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.filter((r) => r.key.includes('@'))).toEqual([]);
      });
    }
  });
}

suite('postgres');
suite('redis');
