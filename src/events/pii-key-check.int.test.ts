import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/runtime.ts';
import { PII_KEY_FINGERPRINT_TABLE, PiiKeyMismatchError, verifyPiiKey } from './pii-key-check.ts';
import { createUserKey, PiiKeyring, USER_KEYS_TABLE } from './user-pii.ts';

const now = new Date('2026-05-01T12:00:00Z');
const ours = new PiiKeyring('the-personal-data-key-of-this-site-0123456789');
const theirs = new PiiKeyring('another-personal-data-key-entirely-0123456789');

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ poolMax: 3 });
});
afterAll(async () => {
  await db?.drop();
});

describe('the personal-data key fingerprint', () => {
  it('is recorded at the first start; the same key starts again, another is refused', async () => {
    await verifyPiiKey(db.knex, ours, now);
    expect(await db.knex(PII_KEY_FINGERPRINT_TABLE).select('fingerprint')).toEqual([
      { fingerprint: ours.keyId },
    ]);
    await verifyPiiKey(db.knex, ours, now);
    await expect(verifyPiiKey(db.knex, theirs, now)).rejects.toThrow(PiiKeyMismatchError);
    await expect(verifyPiiKey(db.knex, theirs, now)).rejects.toThrow(
      /another personal-data key .*same PII_MASTER_KEY/,
    );
    // Nothing was changed by the refused process.
    expect(await db.knex(PII_KEY_FINGERPRINT_TABLE).select('fingerprint')).toEqual([
      { fingerprint: ours.keyId },
    ]);
  });

  it('a database whose accounts were wrapped under another key (e.g. one derived from SESSION_SECRET) is refused at the first start', async () => {
    await db.knex(PII_KEY_FINGERPRINT_TABLE).delete();
    await createUserKey(db.knex, theirs, '0b7f3c7e-52a4-4b8e-9a55-1f0f3b0c9d01', now);
    await expect(verifyPiiKey(db.knex, ours, now)).rejects.toThrow(
      /If SESSION_SECRET was set when they were created, set PII_MASTER_KEY to that value/,
    );
    expect(await db.knex(PII_KEY_FINGERPRINT_TABLE).count({ n: '*' })).toEqual([{ n: 0 }]);
    // With the key they were wrapped under, it starts and records that key.
    await verifyPiiKey(db.knex, theirs, now);
    expect(await db.knex(PII_KEY_FINGERPRINT_TABLE).select('fingerprint')).toEqual([
      { fingerprint: theirs.keyId },
    ]);
    await db.knex(USER_KEYS_TABLE).delete();
  });
});
