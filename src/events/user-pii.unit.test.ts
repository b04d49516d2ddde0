import { describe, expect, it } from 'vitest';
import { PiiKeyring, sealedValue, UserCipher } from './user-pii.ts';

const keyring = new PiiKeyring('a-master-secret-of-at-least-32-characters!');
const userId = '5b0c7a52-6a3f-4c1e-9d62-2f1b7e0c9a11';
const otherUser = '6c1d8b63-7b4a-4d2f-8e73-3a2c8f1dab22';

describe('crypto-shredding of personal fields', () => {
  it('seals a field so only the same user, field and key open it', () => {
    const key = keyring.newDataKey();
    const cipher = new UserCipher(userId, key);
    const sealed = cipher.seal('email', 'jane@example.com');
    expect(sealedValue.safeParse(sealed).success).toBe(true);
    expect(sealed).not.toContain('jane');
    expect(cipher.open('email', sealed)).toBe('jane@example.com');
    expect(cipher.open('displayName', sealed)).toBeNull(); // bound to the field
    expect(new UserCipher(otherUser, key).open('email', sealed)).toBeNull(); // bound to the user
    expect(new UserCipher(userId, keyring.newDataKey()).open('email', sealed)).toBeNull(); // key gone: noise
  });

  it('never seals one value to the same text twice', () => {
    const cipher = new UserCipher(userId, keyring.newDataKey());
    expect(cipher.seal('email', 'jane@example.com')).not.toBe(
      cipher.seal('email', 'jane@example.com'),
    );
  });

  it('wraps data keys under the master key, bound to the user', () => {
    const key = keyring.newDataKey();
    const wrapped = keyring.wrap(userId, key);
    expect(keyring.unwrap(userId, wrapped).equals(key)).toBe(true);
    expect(() => keyring.unwrap(otherUser, wrapped)).toThrow();
    expect(() =>
      new PiiKeyring('another-master-secret-of-32-characters!!').unwrap(userId, wrapped),
    ).toThrow();
  });

  it('hashes lookups deterministically under the secret, per kind', () => {
    const again = new PiiKeyring('a-master-secret-of-at-least-32-characters!');
    expect(keyring.lookupHash('email', 'jane@example.com')).toBe(
      again.lookupHash('email', 'jane@example.com'),
    );
    expect(keyring.lookupHash('email', 'x')).not.toBe(keyring.lookupHash('discord', 'x'));
    expect(
      new PiiKeyring('another-master-secret-of-32-characters!!').lookupHash(
        'email',
        'jane@example.com',
      ),
    ).not.toBe(keyring.lookupHash('email', 'jane@example.com'));
  });

  it('rejects a plaintext value where a sealed one belongs (events cannot carry clear PII)', () => {
    expect(sealedValue.safeParse('jane@example.com').success).toBe(false);
    expect(sealedValue.safeParse('Jane Racer').success).toBe(false);
  });
});
