import { readFileSync } from 'node:fs';

/**
 * The password policy (docs/accounts.md, "Password policy"; ASVS 2.1):
 *  - at least 8 characters (code points, so emoji and accents count as one);
 *  - at most 128: room for long passphrases and password managers (ASVS asks to allow ≥ 64)
 *    while bounding what one anonymous request can make the server hash;
 *  - any character, spaces included, never trimmed or truncated; no composition rules;
 *  - not one of the 10,000 most common passwords (common-passwords.txt), case-insensitively,
 *    and not the account's own email address.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const commonPasswords: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#')),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

export function passwordLength(password: string): number {
  return [...password].length;
}

/** The one problem to show under the password field, or null when the password is acceptable. */
export function passwordProblem(
  password: string,
  context: { email?: string | null } = {},
): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  if (isCommonPassword(password))
    return 'This password is too common. Choose one that is harder to guess.';
  if (context.email && password.toLowerCase() === context.email.toLowerCase()) {
    return 'Do not use your email address as your password.';
  }
  return null;
}
