import type { Knex } from 'knex';
import { USER_KEYS_TABLE, type PiiKeyring } from './user-pii.ts';

/**
 * One personal-data master key per database (docs/accounts.md, "Personal data"). The key's
 * fingerprint (`PiiKeyring.keyId`, a hash of the derived wrapping key: it reveals nothing of
 * the key) is recorded in `pii_key_fingerprint` by the first process that starts; every later
 * process compares its own and refuses to start on a mismatch — before it could wrap a data key
 * that the other processes cannot open, or stop the users projection on one it cannot open.
 */
export const PII_KEY_FINGERPRINT_TABLE = 'pii_key_fingerprint';

export class PiiKeyMismatchError extends Error {
  override readonly name = 'PiiKeyMismatchError';
}

export async function verifyPiiKey(knex: Knex, keyring: PiiKeyring, now: Date): Promise<void> {
  const recorded = await readFingerprint(knex);
  if (recorded === null) {
    // First start on this database: the data keys already there (if any) must be ours.
    const foreign = await knex(USER_KEYS_TABLE)
      .whereNot({ master_key_id: keyring.keyId })
      .first<{ master_key_id: string } | undefined>('master_key_id');
    if (foreign) {
      throw new PiiKeyMismatchError(
        `The personal-data key of this process (fingerprint ${keyring.keyId}) is not the one the ` +
          `accounts in this database are encrypted with (${foreign.master_key_id}). ` +
          'If SESSION_SECRET was set when they were created, set PII_MASTER_KEY to that value ' +
          '(docs/accounts.md, "Moving to a separate personal-data key"); otherwise give this ' +
          'process the PII_MASTER_KEY (or DATA_DIR/pii-master-key) of the others. Nothing was changed.',
      );
    }
    await knex.raw(
      `INSERT INTO ${PII_KEY_FINGERPRINT_TABLE} (id, fingerprint, recorded_at) VALUES (1, ?, ?)
       ON CONFLICT (id) DO NOTHING`,
      [keyring.keyId, now],
    );
  }
  const current = recorded ?? (await readFingerprint(knex));
  if (current !== keyring.keyId) {
    throw new PiiKeyMismatchError(
      `This process holds another personal-data key (fingerprint ${keyring.keyId}) than the one ` +
        `this database was started with (${current}). Give it the same PII_MASTER_KEY (or the ` +
        'same DATA_DIR/pii-master-key file) as the other processes; see docs/accounts.md. ' +
        'Nothing was changed.',
    );
  }
}

async function readFingerprint(knex: Knex): Promise<string | null> {
  const row = await knex(PII_KEY_FINGERPRINT_TABLE)
    .where({ id: 1 })
    .first<{ fingerprint: string } | undefined>('fingerprint');
  return row?.fingerprint ?? null;
}
