import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../test-support/client.ts';
import { outbox, registerUser, send, startHarness, type Harness } from './test-support/harness.ts';

/**
 * Links in mail come from APP_URL, never from the request: a forgot-password request sent with
 * `Host: evil.example` (or a forwarded host) still mails a link to the configured origin.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { APP_URL: 'https://pitwall.example/' } });
});
afterAll(async () => {
  await h?.close();
});

describe('links in mail', () => {
  it('a forgot-password POST with Host: evil.example mails a link to APP_URL', async () => {
    await expectLinkTo(h, 'https://pitwall.example/auth/reset-password?token=');
  });

  it('without APP_URL (development) the link uses the configured host and port, not Host', async () => {
    const dev = await startHarness({ env: { HOST: '127.0.0.1', PORT: '3999' } });
    try {
      await expectLinkTo(dev, 'http://127.0.0.1:3999/auth/reset-password?token=');
    } finally {
      await dev.close();
    }
  });
});

async function expectLinkTo(h: Harness, prefix: string): Promise<void> {
  const { email } = await registerUser(await h.client());
  // node:http (not fetch) so the Host header is the one given here.
  const attacker = new TestClient(h.url, { localAddress: '127.0.0.1' });
  await attacker.get('/auth/forgot-password', { headers: { Host: 'evil.example' } });
  const res = await send(
    attacker,
    'POST',
    '/auth/forgot-password',
    { email },
    {
      Host: 'evil.example',
      'X-Forwarded-Host': 'evil.example',
      'X-Forwarded-Proto': 'http',
    },
  );
  expect(res.status).toBe(303);
  const mail = (await outbox(h)).filter((m) => m.recipient === email).at(-1);
  expect(mail?.body_text).toContain(prefix);
  expect(mail?.body_text).not.toContain('evil.example');
}
