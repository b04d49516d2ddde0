import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_INVALID, RESET_LINK_SENT } from './password-reset.ts';
import { hashResetToken, RESET_TOKENS_TABLE } from '../auth/reset-tokens.ts';
import {
  errorsAfter,
  outbox,
  PASSWORD,
  registerUser,
  send,
  signedInUserId,
  startHarness,
  uniqueEmail,
  type Harness,
} from './test-support/harness.ts';

/** Forgot / reset password: same answer for every address, single-use hashed tokens, 60 minutes. */
let h: Harness;
const logLines: string[] = [];

beforeAll(async () => {
  h = await startHarness({
    logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) }),
  });
});
afterAll(async () => {
  await h?.close();
});

const NEW_PASSWORD = 'a brand new passphrase';

async function requestReset(email: string) {
  const client = await h.client();
  const res = await send(client, 'POST', '/auth/forgot-password', { email });
  const flash = (await client.visit('/privacy-policy')).page().props.flash as { success?: string };
  return { res, flash };
}

async function latestLinkFor(email: string): Promise<string> {
  const mail = (await outbox(h)).filter((m) => m.recipient === email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const match = /http:\/\/\S+\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.body_text);
  return match![1]!;
}

async function reset(token: string, password = NEW_PASSWORD) {
  const client = await h.client();
  const res = await send(client, 'POST', '/auth/reset-password', {
    token,
    password,
    passwordConfirmation: password,
  });
  return { client, res };
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  const client = await h.client();
  await send(client, 'POST', '/auth/login', { email, password });
  return (await signedInUserId(client)) !== null;
}

describe('POST /auth/forgot-password', () => {
  it('answers the same for an existing and an unknown address, and mails only the account', async () => {
    const { email } = await registerUser(await h.client());
    const before = (await outbox(h)).length;
    const known = await requestReset(email);
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await requestReset(unknownEmail);
    expect(known.res.status).toBe(unknown.res.status);
    expect(known.res.headers.get('location')).toBe(unknown.res.headers.get('location'));
    expect(known.flash.success).toBe(RESET_LINK_SENT);
    expect(unknown.flash.success).toBe(RESET_LINK_SENT);
    const mails = (await outbox(h)).slice(before);
    expect(mails.map((m) => m.recipient)).toEqual([email]);
    expect(mails[0]!.status).toBe('kept');
  });

  it('stores only the SHA-256 of a 256-bit token, valid for 60 minutes', async () => {
    const { email } = await registerUser(await h.client());
    await requestReset(email);
    const token = await latestLinkFor(email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await h.db
      .knex(RESET_TOKENS_TABLE)
      .select('token_hash', 'expires_at', 'created_at');
    expect(rows.some((r: { token_hash: string }) => r.token_hash === token)).toBe(false);
    const row = rows.find(
      (r: { token_hash: string }) => r.token_hash === hashResetToken(token),
    ) as { expires_at: Date; created_at: Date };
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(60 * 60_000);
  });

  it.each([
    ['a missing email', {}],
    ['a wrong type', { email: 12 }],
    ['a malformed address', { email: 'nope' }],
    ['an oversized address', { email: `${'a'.repeat(300)}@example.com` }],
  ])('rejects %s with a field error and sends nothing', async (_label, body) => {
    const client = await h.client();
    const before = (await outbox(h)).length;
    const res = await send(client, 'POST', '/auth/forgot-password', body);
    expect(res.status).toBe(303);
    expect(Object.keys(await errorsAfter(client))).toEqual(['email']);
    expect((await outbox(h)).length).toBe(before);
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password once, ends the sessions, and the token cannot be reused', async () => {
    const signedIn = await h.client();
    const { email } = await registerUser(signedIn);
    expect(await signedInUserId(signedIn)).not.toBeNull();
    await requestReset(email);
    const token = await latestLinkFor(email);
    expect(
      (await h.client().then((c) => c.visit(`/auth/reset-password?token=${token}`))).page().props,
    ).toMatchObject({ valid: true, token });
    expect(logLines.some((l) => l.includes('/auth/reset-password?token=[redacted]'))).toBe(true);
    expect(
      logLines.filter((l) => l.includes(token) && !l.includes('mail kept in the outbox')),
    ).toEqual([]);
    expect(logLines.filter((l) => l.includes('pitwall.sid='))).toEqual([]);

    const first = await reset(token);
    expect(first.res.status).toBe(303);
    expect(first.res.headers.get('location')).toBe('/auth/login');
    expect(await canSignIn(email, NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(email, PASSWORD)).toBe(false);
    expect(await signedInUserId(signedIn)).toBeNull(); // the old session ended
    expect((await outbox(h)).filter((m) => m.recipient === email).map((m) => m.subject)).toEqual([
      'Reset your Pitwall password',
      'Your Pitwall password was reset',
    ]);

    const again = await reset(token, 'yet another passphrase');
    expect(await errorsAfter(again.client)).toEqual({ token: RESET_LINK_INVALID });
    expect(await canSignIn(email, 'yet another passphrase')).toBe(false);
    expect(
      (await h.client().then((c) => c.visit(`/auth/reset-password?token=${token}`))).page().props,
    ).toMatchObject({ valid: false, token: '' });
  });

  it('refuses a token after 60 minutes (injected clock)', async () => {
    const { email } = await registerUser(await h.client());
    await requestReset(email);
    const token = await latestLinkFor(email);
    h.clock.advance(60 * 60_000 + 1000);
    const late = await reset(token);
    expect(await errorsAfter(late.client)).toEqual({ token: RESET_LINK_INVALID });
    expect(await canSignIn(email, PASSWORD)).toBe(true);
  });

  it('voids older tokens when a new one is asked for', async () => {
    const { email } = await registerUser(await h.client());
    await requestReset(email);
    const older = await latestLinkFor(email);
    await requestReset(email);
    const newer = await latestLinkFor(email);
    expect(newer).not.toBe(older);
    const withOlder = await reset(older);
    expect(await errorsAfter(withOlder.client)).toEqual({ token: RESET_LINK_INVALID });
    expect((await reset(newer)).res.headers.get('location')).toBe('/auth/login');
  });

  it('keeps the token when the new password breaks the policy', async () => {
    const { email } = await registerUser(await h.client());
    await requestReset(email);
    const token = await latestLinkFor(email);
    const weak = await reset(token, 'password123');
    expect(Object.keys(await errorsAfter(weak.client))).toEqual(['password']);
    expect((await reset(token)).res.headers.get('location')).toBe('/auth/login');
  });

  it.each([
    ['missing fields', {}, ['token', 'password', 'passwordConfirmation']],
    [
      'wrong types',
      { token: 1, password: 2, passwordConfirmation: 3 },
      ['token', 'password', 'passwordConfirmation'],
    ],
    [
      'an unknown token',
      { token: 'A'.repeat(43), password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
      ['token'],
    ],
    [
      'an oversized token',
      { token: 'A'.repeat(500), password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
      ['token'],
    ],
  ])('rejects %s with field errors', async (_label, body, fields) => {
    const client = await h.client();
    const res = await send(client, 'POST', '/auth/reset-password', body);
    expect(res.status).toBe(303);
    expect(Object.keys(await errorsAfter(client)).sort()).toEqual([...fields].sort());
  });
});
