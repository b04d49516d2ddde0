import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPasswordHash } from '../../commands/users/credentials.ts';
import { BAD_CREDENTIALS } from './login.ts';
import { EMAIL_TAKEN } from './register.ts';
import {
  errorsAfter,
  PASSWORD,
  registerUser,
  send,
  signedInUserId,
  startHarness,
  uniqueEmail,
  type Harness,
} from './test-support/harness.ts';

/** Registration, sign-in and sign-out over HTTP against the real app and database. */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const countUsers = async () =>
  Number(((await h.db.knex('users').count({ n: '*' }).first()) as { n: number }).n);

describe('POST /auth/register', () => {
  it('creates the account, signs it in and goes home', async () => {
    const client = await h.client();
    const { res, email } = await registerUser(client, { displayName: 'Jane Racer' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const page = (await client.visit('/')).page();
    expect(page.props.auth).toMatchObject({ user: { displayName: 'Jane Racer', role: 'member' } });
    const userId = (page.props.auth as { user: { id: string } }).user.id;
    const row: unknown = await h.db.knex('users').where({ id: userId }).first();
    expect(row).toMatchObject({ email, display_name: 'Jane Racer', has_password: true });
    expect(await getPasswordHash(h.db.knex, userId)).toMatch(
      /^\$argon2id\$v=19\$m=19456,p=1,t=2\$/,
    );
  });

  it('refuses an email that already has an account (any case) and changes nothing', async () => {
    const first = await h.client();
    const { email } = await registerUser(first);
    const before = await countUsers();
    const second = await h.client();
    const { res } = await registerUser(second, { email: email.toUpperCase() });
    expect(res.status).toBe(303);
    expect(await errorsAfter(second)).toEqual({ email: EMAIL_TAKEN });
    expect(await countUsers()).toBe(before);
  });

  it('lets exactly one of two concurrent registrations with one email through', async () => {
    const email = uniqueEmail('race');
    const before = await countUsers();
    const clients = await Promise.all([h.client(), h.client(), h.client()]);
    await Promise.all(clients.map((c) => registerUser(c, { email })));
    expect(await countUsers()).toBe(before + 1);
    const signedIn = await Promise.all(clients.map(signedInUserId));
    expect(signedIn.filter((id) => id !== null)).toHaveLength(1);
  });

  it.each([
    ['missing fields', {}, ['displayName', 'email', 'password', 'passwordConfirmation']],
    [
      'wrong types',
      { displayName: 42, email: ['a'], password: true, passwordConfirmation: null },
      ['displayName', 'email', 'password', 'passwordConfirmation'],
    ],
    [
      'an oversized display name',
      {
        displayName: 'x'.repeat(51),
        email: 'ok@example.com',
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
      },
      ['displayName'],
    ],
    [
      'an oversized email',
      {
        displayName: 'Jane',
        email: `${'x'.repeat(250)}@example.com`,
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
      },
      ['email'],
    ],
    [
      'a malformed email',
      {
        displayName: 'Jane',
        email: 'not-an-email',
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
      },
      ['email'],
    ],
    [
      'different confirmation',
      {
        displayName: 'Jane',
        email: 'ok@example.com',
        password: PASSWORD,
        passwordConfirmation: 'something else',
      },
      ['passwordConfirmation'],
    ],
    [
      'a short password',
      {
        displayName: 'Jane',
        email: 'ok2@example.com',
        password: 'short',
        passwordConfirmation: 'short',
      },
      ['password'],
    ],
    [
      'a common password',
      {
        displayName: 'Jane',
        email: 'ok3@example.com',
        password: 'Password1',
        passwordConfirmation: 'Password1',
      },
      ['password'],
    ],
    [
      'an oversized password',
      {
        displayName: 'Jane',
        email: 'ok4@example.com',
        password: 'x'.repeat(129),
        passwordConfirmation: 'x'.repeat(129),
      },
      ['password'],
    ],
    [
      'a control character in the name',
      {
        displayName: 'Ja\u0000ne',
        email: 'ok5@example.com',
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
      },
      ['displayName'],
    ],
  ])('rejects %s with field errors and creates nothing', async (_label, body, fields) => {
    const client = await h.client();
    const before = await countUsers();
    const res = await send(client, 'POST', '/auth/register', body);
    expect(res.status).toBe(303);
    expect(Object.keys(await errorsAfter(client)).sort()).toEqual([...fields].sort());
    expect(await countUsers()).toBe(before);
    expect(await signedInUserId(client)).toBeNull();
  });
});

describe('POST /auth/login', () => {
  it('signs in, regenerates the session id and honours a same-site return_to', async () => {
    const { email } = await registerUser(await h.client());
    const client = await h.client();
    expect(client.cookie('pitwall.sid')).toBeUndefined(); // reading pages stores no session
    // A form error stores one (it carries the errors to the next page): the id a fixation
    // attack would plant. The anonymous XSRF token is swapped for one bound to that session.
    await send(client, 'POST', '/auth/login', { email, password: 'not the password at all' });
    const before = client.cookie('pitwall.sid');
    expect(before).toBeDefined();
    const res = await send(client, 'POST', '/auth/login', {
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
      returnTo: '/settings',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/settings');
    expect(client.cookie('pitwall.sid')).toBeDefined();
    expect(client.cookie('pitwall.sid')).not.toBe(before);
    expect(await signedInUserId(client)).not.toBeNull();
  });

  it.each(['//evil.example/path', 'https://evil.example/', '/\\evil.example'])(
    'never redirects off-site (returnTo %s)',
    async (returnTo) => {
      const { email } = await registerUser(await h.client());
      const client = await h.client();
      const res = await send(client, 'POST', '/auth/login', {
        email,
        password: PASSWORD,
        returnTo,
      });
      expect(res.headers.get('location')).toBe('/');
    },
  );

  it('gives the same answer for a wrong password and for an unknown email', async () => {
    const { email } = await registerUser(await h.client());
    const wrong = await h.client();
    await send(wrong, 'POST', '/auth/login', { email, password: 'not the password at all' });
    const unknown = await h.client();
    await send(unknown, 'POST', '/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'not the password at all',
    });
    expect(await errorsAfter(wrong)).toEqual({ email: BAD_CREDENTIALS });
    expect(await errorsAfter(unknown)).toEqual({ email: BAD_CREDENTIALS });
    expect(await signedInUserId(wrong)).toBeNull();
  });

  it.each([
    ['missing fields', {}],
    ['wrong types', { email: 1, password: { $ne: '' } }],
    ['an oversized email', { email: 'x'.repeat(300), password: PASSWORD }],
  ])('answers %s with the generic error', async (_label, body) => {
    const client = await h.client();
    const res = await send(client, 'POST', '/auth/login', body);
    expect(res.status).toBe(303);
    expect(await errorsAfter(client)).toEqual({ email: BAD_CREDENTIALS });
  });

  it('re-hashes a password stored with outdated parameters on sign-in', async () => {
    const { email } = await registerUser(await h.client());
    const userId = await h.db
      .knex('users')
      .where({ email })
      .first('id')
      .then((r: { id: string }) => r.id);
    const argon2 = (await import('argon2')).default;
    const weak = await argon2.hash(PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 8192,
      timeCost: 1,
      parallelism: 1,
    });
    await h.db.knex('user_credentials').where({ user_id: userId }).update({ password_hash: weak });
    const client = await h.client();
    await send(client, 'POST', '/auth/login', { email, password: PASSWORD });
    expect(await signedInUserId(client)).toBe(userId);
    const rehashed = await getPasswordHash(h.db.knex, userId);
    expect(rehashed).not.toBe(weak);
    expect(rehashed).toMatch(/m=19456,p=1,t=2/);
  });

  it('sends a signed-in user away from the guest pages', async () => {
    const client = await h.client();
    await registerUser(client);
    const res = await client.visit('/auth/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });
});

describe('signing out', () => {
  it('POST /auth/logout destroys the session row and clears the cookie', async () => {
    const client = await h.client();
    await registerUser(client);
    const sid = client.cookie('pitwall.sid')!;
    const rawId = decodeURIComponent(sid).replace(/^s:/, '').split('.')[0]!;
    expect(await h.db.knex('http_sessions').where({ sid: rawId }).first()).toBeDefined();
    const res = await send(client, 'POST', '/auth/logout');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(client.cookie('pitwall.sid')).toBeUndefined();
    expect(await h.db.knex('http_sessions').where({ sid: rawId }).first()).toBeUndefined();
    expect(await signedInUserId(client)).toBeNull();
  });

  it('GET /auth/logout (a link or an image on any site) signs nobody out: it asks to confirm', async () => {
    const client = await h.client();
    await registerUser(client);
    const userId = await signedInUserId(client);
    const res = await client.visit('/auth/logout');
    expect(res.status).toBe(200);
    expect(res.page().component).toBe('Auth/Logout');
    expect(await signedInUserId(client)).toBe(userId);
    // A guest has nothing to confirm.
    const guest = await h.client();
    expect((await guest.get('/auth/logout')).headers.get('location')).toBe('/');
  });

  it('a cross-site form post to /auth/logout is refused (419) and signs nobody out', async () => {
    const client = await h.client();
    await registerUser(client);
    const userId = await signedInUserId(client);
    const res = await client.request('/auth/logout', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Sec-Fetch-Site': 'cross-site',
        Origin: 'https://evil.example',
      },
    });
    expect(res.status).toBe(419);
    expect(await signedInUserId(client)).toBe(userId);
  });
});
