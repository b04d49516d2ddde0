import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';

/**
 * argon2id with OWASP's minimum parameters (Password Storage Cheat Sheet: m = 19 MiB, t = 2,
 * p = 1), a 16-byte random salt per hash, PHC strings. `needsRehash` tells the login to
 * re-hash a password whose stored parameters differ from these, so raising them upgrades
 * every active account on its next sign-in.
 *
 * One hash or verification costs about 30 ms of CPU on one core (docs/reliability.md, "Load").
 * The argon2 package runs it on libuv's thread pool (4 threads by default), off the event loop,
 * but that pool also runs every response's gzip, file reads and DNS lookups: a burst of sign-ups
 * would hold all four threads and every page view would wait behind the hashes for its
 * compression. So at most `concurrency` hashes run at once (default: the cores, at most one less
 * than the pool's threads), the rest wait in order: the same total work, each hash finishes as
 * soon as it can, and the pool keeps a thread for everything else.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a malformed hash; never throws for either. */
  verify(hash: string, password: string): Promise<boolean>;
  needsRehash(hash: string): boolean;
  /**
   * Verifies against a hash of a random password: the work a real verification costs, for a
   * sign-in whose email matches no account, so response times do not reveal which emails exist.
   */
  verifyDummy(password: string): Promise<void>;
}

export interface Argon2Parameters {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const OWASP_ARGON2ID: Argon2Parameters = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes that may run at once: one per core, leaving libuv's pool a thread for other work. */
export function defaultHashConcurrency(): number {
  const poolThreads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(availableParallelism(), poolThreads - 1));
}

/** Runs at most `limit` tasks at once; the others start in the order they came. */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

export function createPasswordHasher(
  params: Argon2Parameters = OWASP_ARGON2ID,
  concurrency: number = defaultHashConcurrency(),
): PasswordHasher {
  const options = { type: argon2.argon2id as 2, ...params };
  const limited = concurrencyLimit(concurrency);
  let dummy: Promise<string> | null = null;
  const hasher: PasswordHasher = {
    hash: (password) => limited(() => argon2.hash(password, options)),
    async verify(hash, password) {
      try {
        return await limited(() => argon2.verify(hash, password));
      } catch {
        return false;
      }
    },
    needsRehash(hash) {
      try {
        return argon2.needsRehash(hash, options);
      } catch {
        return true;
      }
    },
    async verifyDummy(password) {
      dummy ??= hasher.hash(randomBytes(32).toString('base64url'));
      await hasher.verify(await dummy, password);
    },
  };
  return hasher;
}
