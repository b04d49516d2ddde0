import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openUsersCli, runUsersCli } from './users.ts';
import { loadConfig } from '../config.ts';
import {
  registerUser,
  send,
  signedInUserId,
  startHarness,
  type Harness,
} from '../http/accounts/test-support/harness.ts';

/** `npm run users -- promote|demote|list` against the harness's database and keys. */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function users(...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: h.db.url,
    SESSION_SECRET: h.config.SESSION_SECRET,
    DATA_DIR: h.config.DATA_DIR,
    LOG_LEVEL: 'silent',
  });
  const code = await runUsersCli(
    argv,
    () => openUsersCli(config),
    (line) => lines.push(line),
  );
  return { code, out: lines.join('\n') };
}

describe('npm run users', () => {
  it('promotes by email; the signed-in member gets admin rights and a new session id on the next request', async () => {
    const client = await h.client();
    const { email } = await registerUser(client, { displayName: 'Future Admin' });
    expect((await client.visit('/admin/users')).status).toBe(403);
    const sidBefore = client.cookie('pitwall.sid');

    const promoted = await users('promote', email.toUpperCase());
    expect(promoted).toMatchObject({ code: 0, out: `${email} is now an admin.` });
    expect((await users('promote', email)).out).toBe(`${email} was already an admin.`);

    const page = await client.visit('/admin/users');
    expect(page.status).toBe(200);
    expect(page.page().component).toBe('Admin/Users/Index');
    expect(client.cookie('pitwall.sid')).not.toBe(sidBefore);
    expect(await signedInUserId(client)).not.toBeNull();

    expect((await users('demote', email)).out).toBe(`${email} is now a member.`);
    expect((await client.visit('/admin/users')).status).toBe(403);
  });

  it('lists accounts and fails cleanly for unknown emails and bad usage', async () => {
    const { email } = await registerUser(await h.client(), { displayName: 'Listed Driver' });
    const listed = await users('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(email);
    expect(listed.out).toContain('"Listed Driver"');
    expect(await users('promote', 'nobody@example.com')).toEqual({
      code: 1,
      out: 'No account uses nobody@example.com.',
    });
    expect((await users('promote')).code).toBe(2);
    expect((await users('promote', 'not-an-email')).code).toBe(2);
    expect((await users('explode')).code).toBe(2);
    expect((await users('list', '--page', 'x')).code).toBe(2);
  });

  it('keeps members out of the admin area until promoted (the change goes through the log)', async () => {
    const client = await h.client();
    await registerUser(client);
    const res = await send(client, 'GET', '/api/users');
    expect(res.status).toBe(403);
  });
});
