import { rm } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startHarness,
  uniqueEmail,
  type Harness,
} from '../../src/http/accounts/test-support/harness.ts';
import { launchChromium } from './support/browser.ts';
import { buildWebBundle } from './support/build.ts';

/**
 * An account's life in Chromium against the built bundle: register → log out → log in →
 * change password → favorite a driver → delete the account.
 */
let buildDir: string;
let h: Harness;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  buildDir = await buildWebBundle();
  h = await startHarness({ web: { mode: 'built', dir: buildDir } });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  page.on('dialog', (d) => void d.accept());
  if (process.env.E2E_TRACE) {
    page.on('response', (r) => {
      if (!new URL(r.url()).pathname.startsWith('/assets') && !r.url().endsWith('.svg'))
        console.log(
          `response: ${r.request().method()} ${new URL(r.url()).pathname} ${r.status()} ${r.request().headers()['x-inertia'] ? 'xhr' : 'document'} ${r.request().headers()['purpose'] ?? ''}`,
        );
    });
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await h?.close();
  if (buildDir) await rm(buildDir, { recursive: true, force: true });
});

/** The machine is shared and argon2 is deliberately slow: wait for the UI, never for a fixed time. */
const POLL = { timeout: 20_000, interval: 50 };

let currentStep = '';
const step = (name: string) => {
  currentStep = name;
  if (process.env.E2E_TRACE) console.log(`step: ${name}`);
};

const field = (name: string, scope = '') =>
  page.locator(`${scope} [data-test="field-${name}"]`.trim());

/**
 * A full page load, then the wait for React to have hydrated every marked element (React puts
 * its props on a DOM node when it hydrates it): typing into server-rendered inputs before that
 * would be lost, and a click would reach no handler. The machine may be slow; never a fixed sleep.
 */
async function open(path: string): Promise<void> {
  await page.goto(`${h.url}${path}`);
  await hydrated();
}

async function hydrated(): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => {
      const marked = [...document.querySelectorAll('#app [data-test]')];
      return (
        marked.length > 0 &&
        marked.every((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')))
      );
    },
    undefined,
    { timeout: 20_000 },
  );
}

async function signIn(email: string, password: string): Promise<void> {
  // Park the pointer off any prefetching link: a hover prefetch racing the form's redirect
  // could render a page in between (suspected cause of a rare missing error message).
  await page.mouse.move(1, 1);
  await field('email').fill(email);
  await field('password').fill(password);
  await page.click('[data-test="login-submit"]');
}

describe('an account in the browser', () => {
  const email = uniqueEmail('e2e');
  const firstPassword = 'my first long passphrase';
  const secondPassword = 'my second long passphrase';

  it('registers, signs out, signs in, changes the password, favorites a driver and deletes the account', async () => {
    // Register.
    step('register');
    await open('/auth/register');
    await field('displayName').fill('Erin Endtoend');
    await field('email').fill(email);
    await field('password').fill(firstPassword);
    await field('passwordConfirmation').fill(firstPassword);
    await page.click('[data-test="register-submit"]');
    await page.waitForURL(`${h.url}/`);
    await expect
      .poll(() => page.locator('[data-test="user-menu-button"]').first().textContent(), POLL)
      .toContain('Erin Endtoend');

    step('logout');
    // Log out (the menu's plain form POST /auth/logout, answered by a full page load).
    await page.locator('[data-test="user-menu-button"]').first().click();
    await page.locator('[data-test="logout-link"]').first().click();
    await page.waitForURL(`${h.url}/`);
    await hydrated(); // the sign-out was a full page load
    await page.locator('[data-test="login-link"]').first().waitFor();

    step('login');
    // A wrong password shows the field error, then the right one signs in.
    await page.locator('[data-test="login-link"]').first().click();
    await page.waitForURL(`${h.url}/auth/login`);
    await hydrated();
    await signIn(email, 'not my password');
    await expect
      .poll(() => page.locator('[data-test="input-error"]').first().textContent(), POLL)
      .toContain('do not match');
    await signIn(email, firstPassword);
    await page.waitForURL(`${h.url}/`);
    await page.locator('[data-test="user-menu-button"]').first().waitFor();

    step('change-password');
    // Change the password on the settings page: the form shows "Saved".
    await open('/settings');
    const passwordForm = '[data-test="password-form"]';
    await field('currentPassword', passwordForm).fill(firstPassword);
    await field('password', passwordForm).fill(secondPassword);
    await field('passwordConfirmation', passwordForm).fill(secondPassword);
    await page.click('[data-test="password-submit"]');
    await expect
      .poll(
        () => page.locator(`${passwordForm} [data-test="form-saved"]`).getAttribute('data-state'),
        POLL,
      )
      .toBe('shown');

    step('favorite');
    // Favorite a driver; the star stays on after a reload and the home page lists the driver.
    await open('/drivers/101');
    const star = page.locator('[data-test="favorite-toggle"]');
    expect(await star.getAttribute('data-state')).toBe('off');
    const posted = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/favorites' && r.request().method() === 'POST',
    );
    await star.click();
    expect((await posted).status()).toBe(303);
    await expect.poll(() => star.getAttribute('data-state'), POLL).toBe('on');
    await expect.poll(() => star.getAttribute('aria-busy'), POLL).toBeNull();
    await open('/drivers/101');
    expect(await page.locator('[data-test="favorite-toggle"]').getAttribute('data-state')).toBe(
      'on',
    );
    await open('/');
    await expect
      .poll(() => page.locator('[data-test="favorite-drivers"]').textContent(), POLL)
      .toContain('Max Verstappen');

    step('delete');
    // Delete the account (confirmed by the password and the browser's confirm dialog).
    await open('/settings');
    await field('password', '[data-test="delete-form"]').fill(secondPassword);
    await page.click('[data-test="delete-submit"]');
    await page.waitForURL(`${h.url}/`);
    await page.locator('[data-test="login-link"]').first().waitFor();

    step('gone');
    // The account is gone: the new password no longer signs in.
    await open('/auth/login');
    await signIn(email, secondPassword);
    await expect
      .poll(() => page.locator('[data-test="input-error"]').first().textContent(), POLL)
      .toContain('do not match');
    expect(await h.db.knex('users').where({ email }).first()).toBeUndefined();
    expect(consoleErrors).toEqual([]);
  }, 180_000);
});

afterAll(async () => {
  if (process.env.E2E_TRACE) {
    console.log(
      `last step: ${currentStep}; at ${page?.url()}: ${(
        await page
          ?.locator('main')
          .textContent()
          .catch(() => '')
      )?.slice(0, 600)}`,
    );
    console.log(
      `history state: ${await page?.evaluate(() => JSON.stringify((window.history.state as { page?: { props?: { errors?: unknown } } } | null)?.page?.props?.errors ?? null)).catch((e: unknown) => String(e))}`,
    );
  }
});
