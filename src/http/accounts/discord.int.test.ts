import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test-support/client.ts';
import {
  startDiscordStandIn,
  type DiscordStandIn,
  type DiscordUser,
} from './test-support/discord-standin.ts';
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

/** The whole Discord flow (authorize → callback → token → /users/@me) against a stand-in Discord on loopback. */
let h: Harness;
let discord: DiscordStandIn;
let nextId = 800_000_000_000_000_000n;

beforeAll(async () => {
  discord = await startDiscordStandIn();
  h = await startHarness({
    env: {
      DISCORD_CLIENT_ID: discord.clientId,
      DISCORD_CLIENT_SECRET: discord.clientSecret,
      DISCORD_AUTHORIZE_URL: `${discord.url}/oauth2/authorize`,
      DISCORD_TOKEN_URL: `${discord.url}/oauth2/token`,
      DISCORD_API_URL: `${discord.url}/api`,
    },
  });
});
afterAll(async () => {
  await h?.close();
  await discord?.close();
});

function discordUser(overrides: Partial<DiscordUser> = {}): DiscordUser {
  const id = String(++nextId);
  return {
    id,
    username: `racer_${id.slice(-6)}`,
    global_name: 'Discord Racer',
    email: null,
    verified: false,
    ...overrides,
  };
}

/** Follows the redirects like a browser: app → Discord authorize → app callback. */
async function signInWithDiscord(
  client: TestClient,
  user: DiscordUser,
  tamper?: (callback: URL) => void,
) {
  discord.nextUser = user;
  const start = await client.get('/auth/discord/redirect');
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.origin).toBe(discord.url);
  const atDiscord = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(atDiscord.headers.get('location')!);
  tamper?.(callback);
  return client.get(`${callback.pathname}${callback.search}`);
}

async function account(client: TestClient) {
  return (await client.visit('/settings')).page().props.account as {
    email: string | null;
    hasPassword: boolean;
    discord: { username: string } | null;
  };
}

const flashOf = async (client: TestClient) =>
  (await client.visit('/privacy-policy')).page().props.flash as {
    error?: string;
    success?: string;
  };

describe('Discord sign-in', () => {
  it('creates an account for a new Discord user, with state and PKCE, and signs it in', async () => {
    const client = await h.client();
    const user = discordUser();
    const res = await signInWithDiscord(client, user);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/settings');
    const q = discord.seen.authorize.at(-1)!;
    expect(q.get('state')).toMatch(/^[\w-]{16,}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('scope')).toBe('identify email');
    expect(discord.seen.token.at(-1)!.get('code_verifier')).toBeTruthy();
    expect(await account(client)).toMatchObject({
      email: null,
      hasPassword: false,
      discord: { username: user.username },
    });
    expect(
      ((await client.visit('/')).page().props.auth as { user: { displayName: string } }).user
        .displayName,
    ).toBe('Discord Racer');
  });

  it('signs the linked account in again later, with a new session id', async () => {
    const first = await h.client();
    const user = discordUser();
    await signInWithDiscord(first, user);
    const userId = await signedInUserId(first);
    const again = await h.client();
    const sid = again.cookie('pitwall.sid');
    const res = await signInWithDiscord(again, user);
    expect(res.headers.get('location')).toBe('/');
    expect(await signedInUserId(again)).toBe(userId);
    expect(again.cookie('pitwall.sid')).not.toBe(sid);
  });

  it('refuses to unlink the only way to sign in; allows it once a password is set', async () => {
    const client = await h.client();
    const email = uniqueEmail('discord.verified');
    await signInWithDiscord(client, discordUser({ email, verified: true }));
    expect(await account(client)).toMatchObject({ email, hasPassword: false });
    await send(client, 'DELETE', '/auth/delete-linked-account');
    expect(Object.keys(await errorsAfter(client))).toEqual(['discord']);
    expect((await account(client)).discord).not.toBeNull();

    await send(client, 'POST', '/auth/change-password', {
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
    });
    expect(await errorsAfter(client)).toEqual({});
    expect(await account(client)).toMatchObject({ hasPassword: true });
    await send(client, 'DELETE', '/auth/delete-linked-account');
    expect(await errorsAfter(client)).toEqual({});
    expect((await account(client)).discord).toBeNull();
    const byPassword = await h.client();
    await send(byPassword, 'POST', '/auth/login', { email, password: PASSWORD });
    expect(await signedInUserId(byPassword)).toBe(await signedInUserId(client));
  });

  it('links Discord to the signed-in account, and refuses a Discord account linked elsewhere', async () => {
    const client = await h.client();
    await registerUser(client);
    const user = discordUser();
    const res = await signInWithDiscord(client, user);
    expect(res.headers.get('location')).toBe('/settings');
    expect((await account(client)).discord).toEqual({ username: user.username });

    const other = await h.client();
    await registerUser(other);
    await signInWithDiscord(other, user);
    expect((await flashOf(other)).error).toBe(
      'That Discord account is linked to another Pitwall account.',
    );
    expect((await account(other)).discord).toBeNull();
  });

  it('never takes over an account whose email Discord reports', async () => {
    const { email } = await registerUser(await h.client());
    const before = (await h.db.knex('users').count({ n: '*' }).first()) as { n: number };
    const client = await h.client();
    const res = await signInWithDiscord(client, discordUser({ email, verified: true }));
    expect(res.headers.get('location')).toBe('/auth/login');
    expect((await flashOf(client)).error).toMatch(/already uses the email/);
    expect(await signedInUserId(client)).toBeNull();
    expect(await h.db.knex('users').count({ n: '*' }).first()).toEqual(before);
  });

  it('rejects a callback whose state does not match the session (CSRF on the callback)', async () => {
    const client = await h.client();
    const res = await signInWithDiscord(client, discordUser(), (callback) =>
      callback.searchParams.set('state', 'forged-state'),
    );
    expect(res.headers.get('location')).toBe('/auth/login');
    expect(await signedInUserId(client)).toBeNull();
  });

  it('starts over (back to Discord) on a callback with no parameters, without signing in', async () => {
    const client = await h.client();
    const res = await client.get('/auth/discord/callback');
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).origin).toBe(discord.url);
    expect(await signedInUserId(client)).toBeNull();
  });

  it('answers an Inertia visit of the redirect with a full-page location (409)', async () => {
    const client = await h.client();
    const res = await client.visit('/auth/discord/redirect');
    expect(res.status).toBe(409);
    expect(res.headers.get('x-inertia-location')).toBe('/auth/discord/redirect');
  });

  it('rejects a callback without a code', async () => {
    const client = await h.client();
    await client.get('/auth/discord/redirect');
    const res = await client.get('/auth/discord/callback?error=access_denied');
    expect(res.headers.get('location')).toBe('/auth/login');
    expect(await signedInUserId(client)).toBeNull();
  });
});

describe('Discord-only accounts re-authenticate with Discord', () => {
  const settingsProps = async (client: TestClient) =>
    (await client.visit('/settings')).page().props as unknown as { discordConfirmed: boolean };

  it('sets a first password or deletes the account only within minutes of a Discord sign-in', async () => {
    const client = await h.client();
    const user = discordUser();
    await signInWithDiscord(client, user);
    const userId = await signedInUserId(client);
    expect((await settingsProps(client)).discordConfirmed).toBe(true);

    // A session left open (or stolen) later: neither a first password nor a deletion.
    h.clock.advance(11 * 60_000);
    expect((await settingsProps(client)).discordConfirmed).toBe(false);
    const head = await h.store.headPosition();
    await send(client, 'POST', '/auth/change-password', {
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
    });
    expect(Object.keys(await errorsAfter(client))).toEqual(['password']);
    await send(client, 'DELETE', '/auth/user', { confirmation: 'DELETE' });
    expect(Object.keys(await errorsAfter(client))).toEqual(['confirmation']);
    expect(await h.store.headPosition()).toBe(head);
    expect(await account(client)).toMatchObject({ hasPassword: false });
    expect(await signedInUserId(client)).toBe(userId);

    // "Confirm with Discord": the signed-in owner comes back with the linked Discord account.
    const res = await signInWithDiscord(client, user);
    expect(res.headers.get('location')).toBe('/settings');
    expect((await flashOf(client)).success).toMatch(/^Confirmed with Discord/);
    expect((await settingsProps(client)).discordConfirmed).toBe(true);
    await send(client, 'DELETE', '/auth/user', { confirmation: 'DELETE' });
    expect(await signedInUserId(client)).toBeNull();
    await h.project();
    expect(await h.db.knex('users').where({ id: userId }).first()).toBeUndefined();
  });

  it('another Discord account does not confirm', async () => {
    const client = await h.client();
    await signInWithDiscord(client, discordUser());
    h.clock.advance(11 * 60_000);
    await signInWithDiscord(client, discordUser()); // someone else's: a link attempt, refused
    expect((await settingsProps(client)).discordConfirmed).toBe(false);
    await send(client, 'DELETE', '/auth/user', { confirmation: 'DELETE' });
    expect(Object.keys(await errorsAfter(client))).toEqual(['confirmation']);
    expect(await signedInUserId(client)).not.toBeNull();
  });
});

describe('Discord and password reset (account pre-hijacking)', () => {
  it('a password reset ends a Discord link made before it', async () => {
    // Someone registers the victim's address first and links their own Discord account…
    const attacker = await h.client();
    const { email } = await registerUser(attacker);
    const theirDiscord = discordUser();
    await signInWithDiscord(attacker, theirDiscord);
    expect((await account(attacker)).discord).not.toBeNull();

    // …the owner of the address resets the password through the mailed link…
    const owner = await h.client();
    await send(owner, 'POST', '/auth/forgot-password', { email });
    const mail = (await outbox(h)).filter((m) => m.recipient === email).at(-1)!;
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.body_text)![1]!;
    const reset = await send(owner, 'POST', '/auth/reset-password', {
      token,
      password: 'the owner now holds this one',
      passwordConfirmation: 'the owner now holds this one',
    });
    expect(reset.headers.get('location')).toBe('/auth/login');

    // …and the earlier Discord account no longer signs in to it.
    const later = await h.client();
    await signInWithDiscord(later, theirDiscord);
    const me = later.cookie('pitwall.sid') ? await signedInUserId(later) : null;
    const ownerId = (await h.db.knex('users').where({ email }).first<{ id: string }>('id')).id;
    expect(me).not.toBe(ownerId);
    await h.project();
    expect(await h.db.knex('users').where({ id: ownerId }).first('discord_id')).toEqual({
      discord_id: null,
    });
  });
});
