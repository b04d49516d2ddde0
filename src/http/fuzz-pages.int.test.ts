import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ssrEntry from '../../web/ssr.tsx';
import type { SsrRenderer } from './inertia/inertia.ts';
import { placeholderRoutes } from './placeholders.ts';
import { apiOperations } from './registry.ts';
import { routes } from './route-table.ts';
import type { RouteDef } from './routing/types.ts';
import type { TestClient } from './test-support/client.ts';
import { ensureProjectionTables } from './test-support/server.ts';
import { fuzzParams, schemaFieldNames } from './test-support/fuzz.ts';
import { startHarness, type Harness } from './accounts/test-support/harness.ts';
import { signedIn } from './accounts/test-support/roles.ts';

/**
 * Property-based input (fast-check) against every page of the route table (every GET outside
 * /api), rendered on the server by the real SSR entry (web/ssr.tsx, the React tree the
 * production bundle renders). Query keys are those of the HTTP areas' zod schemas and the API's
 * documented query parameters, plus random ones; path ids are UUIDs, numbers, strings and
 * markup; values carry a <script> marker among random text. Whatever the input:
 *  - never a 5xx;
 *  - an HTML answer never holds a marker verbatim: the server-rendered markup, the page object
 *    in its script tag and the head are all escaped.
 * FUZZ_RUNS sets the inputs per page (npm test: 4; npm run test:fuzz: 60); FUZZ_SEED replays.
 */
const params = fuzzParams();

/** Markup that must never reach an HTML answer verbatim. */
const MARKERS = [
  '<script>fzPage()</script>',
  '"><script>fzPage()</script>',
  "'><img src=x onerror=fzPage()>",
  '</script><script>fzPage()</script>',
  '</title><script>fzPage()</script>',
];

let h: Harness;
let admin: TestClient;
let queryKeys: string[] = [];

/** Every schema field name (schemaFieldNames) and the API's query keys. */
async function knownQueryKeys(): Promise<string[]> {
  const names = await schemaFieldNames();
  for (const key of ['page', 'per_page', 'sort', 'q', 'return_to']) names.add(key);
  for (const operation of apiOperations)
    for (const key of Object.keys(operation.query?.shape ?? {})) names.add(key);
  return [...names].sort();
}

// The entry as src/http/ssr.ts loads it (the page object is what Inertia's render takes).
const render = ssrEntry.render as unknown as SsrRenderer;

beforeAll(async () => {
  h = await startHarness({ web: { mode: 'none', version: 'v1', ssr: render } });
  await ensureProjectionTables(h.db);
  admin = (await signedIn(h, 'admin')).client;
  queryKeys = await knownQueryKeys();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...MARKERS) },
  fc.tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...MARKERS)).map(([a, b]) => a + b),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', '0', '-1', '1e309', 'NaN', '2026-02-30', '../', 'x'.repeat(3000)),
  fc.integer().map(String),
  fc.uuid(),
);
const segment = fc.oneof(
  fc.uuid(),
  fc.integer({ min: -1, max: 10_000_000 }).map(String),
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constantFrom(...MARKERS),
);
const concrete = (template: string, values: string[]) => {
  let i = 0;
  return template.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++] ?? 'x'));
};
const segmentsOf = (template: string) => (template.match(/\{[^}]+\}/g) ?? []).length;

// Routes of areas not built yet answer 501 on purpose (placeholders.ts): nothing to fuzz there.
const notBuilt = new Set(placeholderRoutes.map((r) => r.name));
const pages = routes.filter(
  (r) => r.method === 'GET' && !r.path.startsWith('/api/') && !notBuilt.has(r.name),
);
const label = (r: RouteDef) => `${r.method} ${r.path}`;

describe('fuzz: every page of the route table, rendered on the server', () => {
  it('covers every page', () => {
    expect(pages.length).toBeGreaterThan(30);
    expect(pages.filter((p) => p.ssr).length).toBeGreaterThan(20);
  });

  it('the real renderer is in place: a page comes back server-rendered', async () => {
    const res = await (await h.client()).get('/drivers?q=%3Cscript%3EfzPage()%3C%2Fscript%3E');
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-server-rendered="true"');
    expect(res.text).not.toContain('<script>fzPage()</script>');
  });

  it.each(pages.map((r) => [label(r), r] as const))(
    '%s: never a 5xx, never an unescaped marker in the HTML',
    async (_l, route) => {
      // Public and guest pages as a guest; the others as an admin, who passes every check, so
      // the input reaches the page's handler and its rendering.
      const client = route.auth === 'public' || route.auth === 'guest' ? await h.client() : admin;
      const query = fc.dictionary(
        fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...queryKeys) }, fc.string()),
        fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 3 })),
        { maxKeys: 5 },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, {
            minLength: segmentsOf(route.path),
            maxLength: segmentsOf(route.path),
          }),
          query,
          async (ids, q) => {
            const search = new URLSearchParams();
            for (const [k, v] of Object.entries(q))
              for (const one of Array.isArray(v) ? v : [v]) search.append(k, one);
            const res = await client.get(`${concrete(route.path, ids)}?${search.toString()}`);
            expect(res.status, `${res.status}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
            if ((res.headers.get('content-type') ?? '').startsWith('text/html'))
              for (const marker of MARKERS) expect(res.text).not.toContain(marker);
          },
        ),
        params,
      );
    },
    600_000,
  );
});
