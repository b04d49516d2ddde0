import { describe, expect, it } from 'vitest';
import {
  isCommonPassword,
  passwordProblem,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from './password-policy.ts';
import { redactUrlSecrets } from './log-redaction.ts';
import { safeReturnTo } from './session.ts';

describe('password policy', () => {
  it.each([
    ['too short', 'short77', /at least 8/],
    ['too long', 'x'.repeat(PASSWORD_MAX + 1), /at most 128/],
    ['common (any case)', 'BaseBall1', /too common/],
    ['common', 'qwertyuiop', /too common/],
  ])('refuses a password that is %s', (_label, password, message) => {
    expect(passwordProblem(password)).toMatch(message);
  });

  it('counts characters, not UTF-16 units, and never trims', () => {
    expect(passwordProblem('🏁🏁🏁🏁🏁🏁🏁')).toMatch(/at least/); // 7 characters, 14 code units
    expect(passwordProblem('🏁🏁🏁🏁🏁🏁🏁🏁')).toBeNull();
    expect(passwordProblem('  pit  wall  ')).toBeNull();
    expect(passwordProblem('x'.repeat(PASSWORD_MAX))).toBeNull();
    expect(passwordProblem('y'.repeat(PASSWORD_MIN - 1) + 'z')).toBeNull();
  });

  it('refuses the account email as password', () => {
    expect(passwordProblem('Jane@Example.com', { email: 'jane@example.com' })).toMatch(/email/);
  });

  it('ships the list of common passwords', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });
});

describe('safeReturnTo', () => {
  it.each(['/settings', '/drivers/42?tab=results', '/admin/users#top'])(
    'keeps the same-site path %s',
    (path) => {
      expect(safeReturnTo(path)).toBe(path);
    },
  );

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/auth/login',
    '/a\nb',
    42,
    '',
  ])('drops %s', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });
});

describe('redactUrlSecrets', () => {
  it('hides reset tokens and OAuth codes in logged URLs', () => {
    expect(redactUrlSecrets('/auth/reset-password?token=abcDEF_-123')).toBe(
      '/auth/reset-password?token=[redacted]',
    );
    expect(redactUrlSecrets('/auth/discord/callback?code=xyz&state=s1')).toBe(
      '/auth/discord/callback?code=[redacted]&state=[redacted]',
    );
    expect(redactUrlSecrets('/news?page=2')).toBe('/news?page=2');
  });
});
