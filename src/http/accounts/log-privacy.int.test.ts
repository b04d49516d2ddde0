import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  outbox,
  PASSWORD,
  registerUser,
  send,
  startHarness,
  type Harness,
} from './test-support/harness.ts';

/**
 * No e-mail address reaches the log (docs/reliability.md, "Findings"): every line the web app,
 * the accounts area and the mailer write at debug level, captured through a whole account's
 * life — registration, a wrong password, sign-in, sign-out, a forgot-password mail kept in
 * the outbox (no SMTP) and its reset — is searched for the address and its local part.
 */
let h: Harness;
const lines: string[] = [];

beforeAll(async () => {
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
  h = await startHarness({ logger });
});
afterAll(async () => {
  await h?.close();
});

describe('the log', () => {
  it('never holds an e-mail address, through sign-up, sign-in, sign-out and a password reset', async () => {
    const local = `private.person.${process.pid}`;
    const email = `${local}@example.com`;
    const client = await h.client();
    expect((await registerUser(client, { email })).res.status).toBe(303);
    await h.project();

    const other = await h.client();
    const wrong = await send(other, 'POST', '/auth/login', { email, password: 'not the one' });
    expect(wrong.status).toBe(303);
    const signIn = await send(other, 'POST', '/auth/login', { email, password: PASSWORD });
    expect(signIn.headers.get('location')).toBe('/');
    await send(other, 'POST', '/auth/logout', {});

    const forgot = await send(await h.client(), 'POST', '/auth/forgot-password', { email });
    expect(forgot.status).toBe(303);
    const mail = (await outbox(h)).filter((m) => m.recipient === email).at(-1);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.body_text ?? '')?.[1];
    expect(token).toBeDefined();
    const reset = await send(await h.client(), 'POST', '/auth/reset-password', {
      token,
      password: 'a brand new passphrase',
      passwordConfirmation: 'a brand new passphrase',
    });
    expect(reset.status).toBe(303);
    await h.project();
    const after = await send(await h.client(), 'POST', '/auth/login', {
      email,
      password: 'a brand new passphrase',
    });
    expect(after.headers.get('location')).toBe('/');

    // The capture works: the requests above and the kept mail were logged.
    expect(lines.filter((l) => l.includes('request completed')).length).toBeGreaterThan(5);
    expect(lines.some((l) => /mail/i.test(l) && !l.includes('request completed'))).toBe(true);
    const leaking = lines.filter((l) => l.toLowerCase().includes(local));
    expect(leaking).toEqual([]);
  });
});
