/**
 * The app measured by bench/pages.ts (bench/support/bench-app.ts): the real Express app as
 * `npm start` runs it, with the built client and SSR bundles of argv[3], on the database argv[2],
 * from BENCH_WEB_PROCESSES web processes (bench/pages.ts passes its choice). The answer cache and
 * the SSR cache follow API_CACHE_SECONDS and SSR_CACHE_MB from the environment (bench/pages.ts
 * sets both to 0). Builds every read model not built yet. Prints one JSON line
 * `{url, version, webProcesses}` when it listens; closes on SIGTERM.
 */
import { builtAssets } from '../src/http/assets.ts';
import { allProjections } from '../src/projections/index.ts';
import { rebuildStaleProjections } from '../src/projections/core/rebuild.ts';
import { serveBenchApp } from './support/bench-app.ts';

const [databaseUrl, buildDir] = process.argv.slice(2);
if (!databaseUrl || !buildDir) throw new Error('usage: pages-server.ts <databaseUrl> <buildDir>');

await serveBenchApp({
  databaseUrl,
  web: { mode: 'built', dir: buildDir },
  config: { SSR_CACHE_MB: process.env.SSR_CACHE_MB },
  // bench:data builds the racing read models only; the pages also read the others (news on the
  // home page, favorites, teams…): build those not built yet, and any whose version changed, as
  // the worker does at start.
  prepare: async (rt) => {
    const rebuilt = await rebuildStaleProjections(rt, allProjections);
    if (rebuilt.length > 0)
      console.error(`[pages-server] built ${rebuilt.length} stale read models`);
  },
  line: () => ({ version: builtAssets(buildDir).version }),
});
