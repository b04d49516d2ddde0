import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
} from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { z } from 'zod';
import { loadConfig } from '../config.ts';

/**
 * Crypto-shredding of users' personal data (docs/accounts.md, "Personal data").
 *
 * Every user has a random 256-bit data key. Personal fields of the user's events (email,
 * display name, Discord id and username, iRacing customer id, country) are sealed with it
 * (AES-256-GCM, the user id and field name as associated data, so a sealed value cannot be
 * moved to another user or field). The data key is stored only wrapped (AES-256-GCM) under the
 * master key, in table `user_keys`. Deleting the account deletes that row: from then on the
 * sealed values in the log are noise, and replaying the log yields no personal data.
 *
 * The master key is derived (HKDF-SHA256) from PII_MASTER_KEY, else a random secret kept in
 * `<DATA_DIR>/pii-master-key` — never from SESSION_SECRET, so session secrets rotate without
 * touching personal data. It is never stored in the database (only its fingerprint, see
 * pii-key-check.ts), so a database dump alone opens nothing. Lookup hashes (email, Discord id → user) are HMAC-SHA256
 * under a second key derived from the same secret, so the lookup tables cannot be reversed by
 * hashing guesses without the secret.
 */

export const USER_KEYS_TABLE = 'user_keys'; // migrations/0060_accounts_user_keys.ts

/** A sealed value as it travels in events: `v1.<iv>.<ciphertext+tag>` (base64url). */
export const sealedValue = z
  .string()
  .max(4096)
  .regex(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$/, 'must be a sealed value');
export type SealedValue = z.infer<typeof sealedValue>;

export type PiiField =
  | 'email'
  | 'displayName'
  | 'discordId'
  | 'discordUsername'
  | 'iracingCustomerId'
  | 'country'
  /** The contact line of a recruitment profile (src/commands/recruitment). */
  | 'recruitmentContact';

export type LookupKind = 'email' | 'discord';

const IV_BYTES = 12;
const TAG_BYTES = 16;

function gcmEncrypt(key: Buffer, plaintext: Buffer, aad: string): { iv: Buffer; body: Buffer } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return { iv, body };
}

function gcmDecrypt(key: Buffer, iv: Buffer, body: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(body.subarray(0, body.length - TAG_BYTES)),
    decipher.final(),
  ]);
}

/** The master key and everything derived from it. Holds no per-user state. */
export class PiiKeyring {
  private readonly wrapKey: Buffer;
  private readonly lookupKey: Buffer;
  /** Identifies the master key (not secret): a row wrapped under another key is detected. */
  readonly keyId: string;

  constructor(masterSecret: string) {
    if (masterSecret.length < 32)
      throw new TypeError('The PII master secret must be ≥ 32 characters');
    const derive = (info: string) =>
      Buffer.from(hkdfSync('sha256', masterSecret, 'pitwall-pii', info, 32));
    this.wrapKey = derive('user-data-key-wrapping v1');
    this.lookupKey = derive('lookup-hmac v1');
    this.keyId = createHash('sha256').update(this.wrapKey).digest('hex').slice(0, 16);
  }

  newDataKey(): Buffer {
    return randomBytes(32);
  }

  wrap(userId: string, dataKey: Buffer): string {
    const { iv, body } = gcmEncrypt(this.wrapKey, dataKey, `user-key:${userId}`);
    return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  unwrap(userId: string, wrapped: string): Buffer {
    return decodeSealed(wrapped, (iv, body) =>
      gcmDecrypt(this.wrapKey, iv, body, `user-key:${userId}`),
    );
  }

  /** Keyed, deterministic hash of a lookup value (already normalised by the caller). Hex. */
  lookupHash(kind: LookupKind, value: string): string {
    return createHmac('sha256', this.lookupKey).update(`${kind}:${value}`).digest('hex');
  }
}

function decodeSealed(sealed: string, open: (iv: Buffer, body: Buffer) => Buffer): Buffer {
  const [version, iv, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !body) throw new TypeError('Not a sealed value');
  return open(Buffer.from(iv, 'base64url'), Buffer.from(body, 'base64url'));
}

/** Seals and opens one user's fields with that user's data key. */
export class UserCipher {
  constructor(
    readonly userId: string,
    private readonly dataKey: Buffer,
  ) {}

  seal(field: PiiField, value: string): SealedValue {
    const { iv, body } = gcmEncrypt(
      this.dataKey,
      Buffer.from(value, 'utf8'),
      `${this.userId}:${field}`,
    );
    return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  /** The plaintext, or null when the value does not open (wrong key, tampered). */
  open(field: PiiField, sealed: SealedValue): string | null {
    try {
      return decodeSealed(sealed, (iv, body) =>
        gcmDecrypt(this.dataKey, iv, body, `${this.userId}:${field}`),
      ).toString('utf8');
    } catch {
      return null;
    }
  }
}

// ---------------------------------------------------------------- the user_keys table

interface UserKeyRow {
  user_id: string;
  wrapped_key: string;
  master_key_id: string;
}

/** Creates and stores a new data key for `userId` (fails if the user already has one). */
export async function createUserKey(
  db: Knex,
  keyring: PiiKeyring,
  userId: string,
  now: Date,
): Promise<UserCipher> {
  const dataKey = keyring.newDataKey();
  await db(USER_KEYS_TABLE).insert({
    user_id: userId,
    wrapped_key: keyring.wrap(userId, dataKey),
    master_key_id: keyring.keyId,
    created_at: now,
  });
  return new UserCipher(userId, dataKey);
}

/**
 * The user's cipher, or null once the key is gone (account deleted: crypto-shredded). Throws
 * when the row was wrapped under another master key: that is a configuration error (a changed
 * PII_MASTER_KEY / SESSION_SECRET), never a reason to silently drop personal data.
 */
export async function loadUserCipher(
  db: Knex | Knex.Transaction,
  keyring: PiiKeyring,
  userId: string,
): Promise<UserCipher | null> {
  const row = await db<UserKeyRow>(USER_KEYS_TABLE).where({ user_id: userId }).first();
  if (!row) return null;
  if (row.master_key_id !== keyring.keyId) {
    throw new Error(
      `The data key of user ${userId} was wrapped under another PII master key (${row.master_key_id}); ` +
        'restore PII_MASTER_KEY (see docs/accounts.md).',
    );
  }
  return new UserCipher(userId, keyring.unwrap(userId, row.wrapped_key));
}

/** Destroys the user's data key: every value sealed with it becomes unreadable, for good. */
export async function deleteUserKey(db: Knex | Knex.Transaction, userId: string): Promise<void> {
  await db(USER_KEYS_TABLE).where({ user_id: userId }).delete();
}

// ---------------------------------------------------------------- the process's keyring

export interface PiiSecretSources {
  PII_MASTER_KEY?: string | undefined;
  DATA_DIR: string;
}

/**
 * PII_MASTER_KEY, else `<DATA_DIR>/pii-master-key` (created once, mode 0600). Never
 * SESSION_SECRET. Synchronous so a projection can resolve it on first use in any process.
 */
export function resolvePiiMasterSecret(sources: PiiSecretSources): string {
  if (sources.PII_MASTER_KEY) return sources.PII_MASTER_KEY;
  const file = path.resolve(sources.DATA_DIR, 'pii-master-key');
  const read = () => {
    try {
      const stored = readFileSync(file, 'utf8').trim();
      return stored.length >= 32 ? stored : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };
  const existing = read();
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const created = read();
  if (!created) throw new Error(`Could not read ${file}`);
  return created;
}

let processKeyring: PiiKeyring | null = null;

/** Sets the keyring of this process (the web app and tests call it at start). */
export function setPiiKeyring(keyring: PiiKeyring): void {
  processKeyring = keyring;
}

/**
 * This process's keyring: the one set with setPiiKeyring, else one built from the process
 * environment (workers and CLIs share the web process's configuration).
 */
export function piiKeyring(): PiiKeyring {
  processKeyring ??= new PiiKeyring(resolvePiiMasterSecret(loadConfig()));
  return processKeyring;
}
