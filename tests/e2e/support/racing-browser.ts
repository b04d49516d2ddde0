import { rm } from 'node:fs/promises';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { seedRacingWorld } from '../../../src/http/racing/test-support/racing-world.ts';
import { startTestServer, type TestServer } from '../../../src/http/test-support/server.ts';
import { axeViolations } from './axe.ts';
import { launchChromium } from './browser.ts';
import { drawnChart } from './charts.ts';
import { buildWebBundle } from './build.ts';

/**
 * The racing pages' browser suite: registers the hooks that build the web bundle once, start
 * the built app on a test database holding the racing world (src/http/racing/test-support,
 * written as events and projected by the real projections), launch Chromium, and give each
 * test a fresh page whose console errors are collected. Call it at the top of a test file; its
 * fields are set once the hooks ran.
 */
export interface RacingBrowser {
  /** The built bundle (another server of the file may serve it too). */
  buildDir: string;
  server: TestServer;
  /** The server's origin. */
  url: string;
  page: Page;
  /** Console errors and uncaught page errors of the current test. */
  consoleErrors: string[];
  /** Opens a path of the server, expects 200 and waits for the network to settle. */
  open(path: string): Promise<void>;
  axeViolations(): ReturnType<typeof axeViolations>;
  /** The size of a chart once drawn (`data-chart="<name>"`). */
  drawnChart(name: string): Promise<{ width: number; height: number }>;
  /** The texts of one column (1-based) of a table's body (`data-test="<table>"`). */
  cellTexts(table: string, column: number): Promise<string[]>;
  /** Replaces the test's page by one of a new context (`{ javaScriptEnabled: false }`). */
  reopen(options: BrowserContextOptions): Promise<void>;
}

export interface RacingBrowserOptions {
  /** The server's clock of "today" (the schedule's current week, the predicted slots, as-of). */
  now?: () => Date;
}

export function useRacingBrowser(options: RacingBrowserOptions = {}): RacingBrowser {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const openPage = async (options: BrowserContextOptions = {}) => {
    if (!browser) throw new Error('Chromium did not start');
    await context?.close();
    context = await browser.newContext(options);
    s.page = await context.newPage();
    const errors: string[] = [];
    s.consoleErrors = errors;
    s.page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    s.page.on('pageerror', (e) => errors.push(e.message));
  };
  const s: RacingBrowser = {
    buildDir: '',
    server: undefined as unknown as TestServer,
    url: '',
    page: undefined as unknown as Page,
    consoleErrors: [],
    async open(path) {
      const response = await s.page.goto(`${s.url}${path}`);
      expect(response?.status(), path).toBe(200);
      await s.page.waitForLoadState('networkidle');
    },
    axeViolations: () => axeViolations(s.page),
    drawnChart: (name) => drawnChart(s.page, name),
    cellTexts: (table, column) =>
      s.page.locator(`[data-test="${table}"] tbody tr td:nth-child(${column})`).allTextContents(),
    reopen: (options) => openPage(options),
  };

  beforeAll(async () => {
    s.buildDir = await buildWebBundle();
    s.server = await startTestServer({
      web: { mode: 'built', dir: s.buildDir },
      ...(options.now ? { now: options.now } : {}),
    });
    s.url = s.server.url;
    const { knex, eventStore, logger } = s.server.db.runtime;
    await seedRacingWorld({ knex, eventStore, logger });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await s.server?.close();
    if (s.buildDir) await rm(s.buildDir, { recursive: true, force: true });
  });

  beforeEach(() => openPage());

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  return s;
}
