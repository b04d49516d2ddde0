import { rm } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  outbox,
  startHarness,
  uniqueEmail,
  type Harness,
} from '../../src/http/accounts/test-support/harness.ts';
import { launchChromium } from './support/browser.ts';
import { buildWebBundle } from './support/build.ts';
import { ensureProjectionTables } from '../../src/http/test-support/server.ts';

/**
 * Every auth and settings form, and the recruitment profile form, works as a plain HTML form, with JavaScript disabled in Chromium
 * (a slow phone before the bundle ran, a blocked script): each renders with method="post" and
 * its action, submitting it POSTs urlencoded fields, and no field ever appears in a URL (the
 * address bar, history, the request log, Referer headers).
 */
let buildDir: string;
let h: Harness;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const requests: { method: string; url: string }[] = [];

beforeAll(async () => {
  buildDir = await buildWebBundle();
  h = await startHarness({ web: { mode: 'built', dir: buildDir } });
  // The recruitment form lists catalog teams and series: every read table, as the app has them.
  await ensureProjectionTables(h.db);
  browser = await launchChromium();
  context = await browser.newContext({ javaScriptEnabled: false });
  page = await context.newPage();
  page.on('request', (r) => requests.push({ method: r.method(), url: r.url() }));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await h?.close();
  if (buildDir) await rm(buildDir, { recursive: true, force: true });
});

const field = (name: string, form: string) =>
  page.locator(`[data-test="${form}"] [name="${name}"]`);

/** Checks the form's markup, submits it with its button and waits for the next page. */
async function submit(form: string, action: string, button: string): Promise<void> {
  const el = page.locator(`[data-test="${form}"]`);
  expect(await el.getAttribute('method')).toBe('post');
  expect(await el.getAttribute('action')).toBe(action);
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'load' }),
    page.click(`[data-test="${button}"]`),
  ]);
}

const SECRETS =
  /[?&](email|password|passwordConfirmation|currentPassword|displayName|token|confirmation)=/;

describe('auth and settings forms without JavaScript', () => {
  const email = uniqueEmail('nojs');
  const first = 'plain form passphrase one';
  const second = 'plain form passphrase two';
  const third = 'plain form passphrase three';

  it('register, sign in, forgot and reset, profile, password and deletion all work as plain forms', async () => {
    await page.goto(`${h.url}/auth/register`);
    await field('displayName', 'register-form').fill('Nora Noscript');
    await field('email', 'register-form').fill(email);
    await field('password', 'register-form').fill(first);
    await field('passwordConfirmation', 'register-form').fill(first);
    await submit('register-form', '/auth/register', 'register-submit');
    expect(page.url()).toBe(`${h.url}/`);
    expect(await page.locator('[data-test="user-menu-button"]').first().textContent()).toContain(
      'Nora Noscript',
    );

    // A fresh browser (signed out): a wrong password comes back with the message, then sign-in.
    await context.clearCookies();
    await page.goto(`${h.url}/auth/login`);
    await field('email', 'login-form').fill(email);
    await field('password', 'login-form').fill('not the password');
    await submit('login-form', '/auth/login', 'login-submit');
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(await page.locator('[data-test="input-error"]').first().textContent()).toContain(
      'do not match',
    );
    await field('email', 'login-form').fill(email);
    await field('password', 'login-form').fill(first);
    await submit('login-form', '/auth/login', 'login-submit');
    expect(page.url()).toBe(`${h.url}/`);

    // Settings: profile, then the password.
    await page.goto(`${h.url}/settings`);
    await field('displayName', 'profile-form').fill('Nora Plainform');
    await field('iracingCustomerId', 'profile-form').fill('123456');
    await page.locator('[data-test="profile-form"] select[name="country"]').selectOption('NO');
    await submit('profile-form', '/auth/user-info', 'profile-submit');
    expect(new URL(page.url()).pathname).toBe('/settings');
    await h.project();
    expect(await h.db.knex('users').where({ email }).first()).toMatchObject({
      display_name: 'Nora Plainform',
      iracing_customer_id: 123456,
      country: 'NO',
    });
    await page.goto(`${h.url}/settings`);
    await field('currentPassword', 'password-form').fill(first);
    await field('password', 'password-form').fill(second);
    await field('passwordConfirmation', 'password-form').fill(second);
    await submit('password-form', '/auth/change-password', 'password-submit');
    expect(new URL(page.url()).pathname).toBe('/settings');

    // Forgot and reset, signed out.
    await context.clearCookies();
    await page.goto(`${h.url}/auth/forgot-password`);
    await field('email', 'forgot-form').fill(email);
    await submit('forgot-form', '/auth/forgot-password', 'forgot-submit');
    const mail = (await outbox(h)).filter((m) => m.recipient === email).at(-1);
    const link = /\/auth\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail?.body_text ?? '')?.[0];
    expect(link).toBeDefined();
    await page.goto(`${h.url}${link}`);
    await field('password', 'reset-form').fill(third);
    await field('passwordConfirmation', 'reset-form').fill(third);
    await submit('reset-form', '/auth/reset-password', 'reset-submit');
    expect(new URL(page.url()).pathname).toBe('/auth/login');

    // Sign in with the new password and delete the account.
    await field('email', 'login-form').fill(email);
    await field('password', 'login-form').fill(third);
    await submit('login-form', '/auth/login', 'login-submit');
    expect(page.url()).toBe(`${h.url}/`);
    await page.goto(`${h.url}/settings`);
    await field('password', 'delete-form').fill(third);
    await submit('delete-form', '/auth/user', 'delete-submit');
    expect(page.url()).toBe(`${h.url}/`);
    await h.project();
    expect(await h.db.knex('users').where({ email }).first()).toBeUndefined();

    // Every form went as a POST, and no field was ever in a URL.
    const posts = requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname);
    expect(posts).toEqual([
      '/auth/register',
      '/auth/login',
      '/auth/login',
      '/auth/user-info',
      '/auth/change-password',
      '/auth/forgot-password',
      '/auth/reset-password',
      '/auth/login',
      '/auth/user',
    ]);
    const leaked = requests.filter(
      (r) => SECRETS.test(new URL(r.url).search) && !r.url.includes('/auth/reset-password?token='),
    );
    expect(leaked).toEqual([]);
  }, 180_000);
});

describe('the recruitment profile form without JavaScript', () => {
  it('publishes a driver profile as a plain form post', async () => {
    await context.clearCookies();
    const email = uniqueEmail('nojs-recruit');
    await page.goto(`${h.url}/auth/register`);
    await field('displayName', 'register-form').fill('Rita Recruit');
    await field('email', 'register-form').fill(email);
    await field('password', 'register-form').fill('plain recruit passphrase');
    await field('passwordConfirmation', 'register-form').fill('plain recruit passphrase');
    await submit('register-form', '/auth/register', 'register-submit');

    await page.goto(`${h.url}/recruitment/create`);
    const form = 'profile-form';
    await field('title', form).fill('Plain form GT3 driver');
    await field('description', form).fill(
      'Reliable GT3 driver, clean and consistent, no script needed.',
    );
    await page.locator(`[data-test="${form}"] [name="categories"][value="sports_car"]`).check();
    await field('custId', form).fill('123456');
    await page.locator(`[data-test="${form}"] select[name="timeZone"]`).selectOption('Europe/Oslo');
    await page.locator(`[data-test="${form}"] [name="days"][value="sat"]`).check();
    await page.locator(`[data-test="${form}"] [name="format"][value="endurance"]`).check();
    await page.locator(`[data-test="${form}"] [name="languages"][value="en"]`).check();
    const before = requests.length;
    await submit(form, '/recruitment/create', 'profile-submit');
    expect(new URL(page.url()).pathname).toMatch(/^\/recruitment\/profiles\/[0-9a-f-]{36}$/);
    expect(await page.locator('h1').first().textContent()).toContain('Plain form GT3 driver');
    const posts = requests.slice(before).filter((r) => r.method === 'POST');
    expect(posts.map((r) => new URL(r.url).pathname)).toEqual(['/recruitment/create']);
  }, 120_000);
});
