import { describe, expect, it } from 'vitest';
import {
  concurrencyLimit,
  createPasswordHasher,
  defaultHashConcurrency,
} from './password-hasher.ts';

describe('concurrencyLimit', () => {
  it('runs at most the limit at once and starts the waiting tasks in the order they came', async () => {
    const limited = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const runs = [0, 1, 2, 3, 4].map((i) =>
      limited(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    releases[1]!();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    for (let i = 0; i < 5; i++) {
      releases[i]?.();
      await new Promise((r) => setImmediate(r));
    }
    for (const release of releases) release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('a failed task frees its place', async () => {
    const limited = concurrencyLimit(1);
    await expect(limited(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limited(() => Promise.resolve('next'))).toBe('next');
  });
});

describe('the password hasher', () => {
  it('keeps a thread of the pool free and still verifies what it hashed, many at once', async () => {
    expect(defaultHashConcurrency()).toBeGreaterThanOrEqual(1);
    expect(defaultHashConcurrency()).toBeLessThanOrEqual(3);
    const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }, 1);
    const hashes = await Promise.all(['a', 'b', 'c'].map((p) => hasher.hash(`pass ${p}`)));
    expect(await Promise.all(hashes.map((h, i) => hasher.verify(h, `pass ${'abc'[i]}`)))).toEqual([
      true,
      true,
      true,
    ]);
    expect(await hasher.verify(hashes[0]!, 'wrong')).toBe(false);
  });
});
