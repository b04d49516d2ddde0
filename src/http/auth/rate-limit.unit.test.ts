import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, slowDownMs } from './rate-limit.ts';

describe('slowDownMs', () => {
  const policy = { max: 3, windowMs: 60_000, slowDownMs: 100, maxSlowDownMs: 250 };
  const at = (hits: number) => slowDownMs({ allowed: true, hits, retryAfterSeconds: 1 }, policy);

  it('answers at once up to the threshold, then later per attempt over it, up to the cap', () => {
    expect([1, 3, 4, 5, 6, 50].map(at)).toEqual([0, 0, 100, 200, 250, 250]);
  });

  it('the default never makes the owner wait more than a few seconds', () => {
    const d = DEFAULT_RATE_LIMITS.loginSlowDownPerAccount;
    expect(slowDownMs({ allowed: true, hits: 1_000_000, retryAfterSeconds: 1 }, d)).toBe(
      d.maxSlowDownMs,
    );
    expect(d.maxSlowDownMs).toBeLessThanOrEqual(5000);
  });
});
