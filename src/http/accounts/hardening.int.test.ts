import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isResetTokenUsable, issueResetToken } from '../auth/reset-tokens.ts';
import {
  PASSWORD,
  registerUser,
  send,
  signedInUserId,
  startHarness,
  type Harness,
} from './test-support/harness.ts';

/** Smaller findings of the hardening review (docs/reliability.md, "Findings"). */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('hardening', () => {
  it('back() never follows a Referer path that browsers read as another origin', async () => {
    const client = await h.client();
    for (const path of ['//evil.example/x', '/\\\\evil.example/x']) {
      const res = await send(client, 'POST', '/auth/login', {}, { Referer: `${h.url}${path}` });
      expect(res.status).toBe(303);
      const location = res.headers.get('location')!;
      expect(location.startsWith('//') || location.includes('\\\\')).toBe(false);
      expect(location).toBe('/');
    }
    // A same-site Referer still works.
    const ok = await send(client, 'POST', '/auth/login', {}, { Referer: `${h.url}/auth/login` });
    expect(ok.headers.get('location')).toBe('/auth/login');
  });

  it('return_to ignores case: /AUTH/logout is refused like /auth/logout', async () => {
    const client = await h.client();
    const { email } = await registerUser(await h.client());
    const res = await send(client, 'POST', '/auth/login', {
      email,
      password: PASSWORD,
      returnTo: '/AUTH/logout',
    });
    expect(res.headers.get('location')).toBe('/');
  });

  it('answers to a signed-in user are Cache-Control: private, no-store; a reader’s are not', async () => {
    const reader = await h.client();
    expect((await reader.get('/privacy-policy')).headers.get('cache-control') ?? '').not.toMatch(
      /no-store/,
    );
    const member = await h.client();
    await registerUser(member);
    expect(await signedInUserId(member)).not.toBeNull();
    for (const path of ['/', '/settings', '/privacy-policy']) {
      expect((await member.get(path)).headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('a password change voids reset links asked for before it', async () => {
    const member = await h.client();
    await registerUser(member);
    const userId = (await signedInUserId(member))!;
    const token = await issueResetToken(h.db.knex, userId, h.clock.now());
    expect(await isResetTokenUsable(h.db.knex, token, h.clock.now())).toBe(true);
    const res = await send(member, 'POST', '/auth/change-password', {
      currentPassword: PASSWORD,
      password: 'a changed passphrase here',
      passwordConfirmation: 'a changed passphrase here',
    });
    expect(res.status).toBe(303);
    expect(await isResetTokenUsable(h.db.knex, token, h.clock.now())).toBe(false);
  });
});
