import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (never a downloaded browser), headless, nothing phoning home. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Gives the browser context the cookies a signed-in test client holds for the app at `appUrl`
 * (its session and CSRF cookies), so its pages are that member's.
 */
export async function addClientCookies(
  context: BrowserContext,
  appUrl: string,
  cookies: ReadonlyMap<string, string>,
): Promise<void> {
  const { hostname } = new URL(appUrl);
  await context.addCookies(
    [...cookies].map(([name, value]) => ({
      name,
      value: encodeURIComponent(value),
      domain: hostname,
      path: '/',
    })),
  );
}

/** The e2e page defaults: a 20 s wait for each step, and console and page errors into `errors`. */
export function watchPage(page: Page, errors: string[]): void {
  page.setDefaultTimeout(20_000);
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
}
