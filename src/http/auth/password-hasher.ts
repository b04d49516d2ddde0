import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/**
 * argon2id with OWASP's minimum parameters (Password Storage Cheat Sheet: m = 19 MiB, t = 2,
 * p = 1), a 16-byte random salt per hash, PHC strings. `needsRehash` tells the login to
 * re-hash a password whose stored parameters differ from these, so raising them upgrades
 * every active account on its next sign-in.
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

export function createPasswordHasher(params: Argon2Parameters = OWASP_ARGON2ID): PasswordHasher {
  const options = { type: argon2.argon2id as 2, ...params };
  let dummy: Promise<string> | null = null;
  const hasher: PasswordHasher = {
    hash: (password) => argon2.hash(password, options),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash, password);
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
      dummy ??= argon2.hash(randomBytes(32).toString('base64url'), options);
      await hasher.verify(await dummy, password);
    },
  };
  return hasher;
}
