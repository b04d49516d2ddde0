/**
 * The servers measured by bench/web.ts, in their own process so the load generator does not
 * share their event loop: (a) a bare Express endpoint running the home page's query and
 * returning the home props as plain JSON (no Inertia, session, CSRF, helmet, compression or
 * logging: the ceiling), and the real app (built bundle, NODE_ENV=production) for (b) and (c),
 * configured as `npm start` runs it: with an event store, so the accounts area (passport) is
 * in the request path as in production.
 * It creates a throwaway database, opens the 'bench' runtime on it (migrated), seeds published articles through the articles
 * projection, prints one JSON line with the URLs, and cleans up on SIGTERM.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { openRuntime } from '../src/app/runtime.ts';
import { loadConfig } from '../src/config.ts';
import { startWebServer } from '../src/http/server.ts';
import { HOME_LATEST_COUNT } from '../src/http/news/schema.ts';
import { articlesProjection } from '../src/projections/articles/projection.ts';
import { applyArticleEvents, buildArticleCreated } from '../src/projections/articles/testing.ts';
import { listLatestPublishedArticles } from '../src/queries/articles.ts';
import { dropDatabase, recreateDatabase } from './support/scratch-database.ts';

const buildDir = process.argv[2];
if (!buildDir) throw new Error('usage: web-server.ts <buildDir>');

const dbName = `pitwall_bench_${randomBytes(4).toString('hex')}`;
const dbUrl = await recreateDatabase(dbName);
const dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-bench-'));
const config = loadConfig({
  // Benchmarks measure the server, not the API's per-client limit (set it to measure it too).
  API_RATE_LIMIT: process.env.API_RATE_LIMIT ?? '0',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  // SSR_CACHE_MB=0 measures every (c) request rendering React (docs/benchmarks.md "Web").
  SSR_CACHE_MB: process.env.SSR_CACHE_MB, // unset: the default
});
const rt = await openRuntime(config, { role: 'bench', databaseUrl: dbUrl });
const { knex } = rt;
await articlesProjection.createTables(knex);

// 30 published articles, so the home page shows its full list of the latest ones.
for (let i = 0; i < 30; i++) {
  const articleId = randomUUID();
  const created = buildArticleCreated({
    articleId,
    slug: `bench-article-${i}`,
    title: `Bench article ${i}: the season opener at Daytona`,
    excerpt: 'A short summary of what happened on track this week.',
    bodyMarkdown: `# Article ${i}\n\nSome **markdown** body text.`,
    createdAt: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
  });
  await applyArticleEvents(knex, [
    created,
    {
      type: 'ArticlePublished',
      data: { articleId, publishedAt: new Date(Date.UTC(2025, 0, 1 + i, 12)).toISOString() },
    },
  ]);
}

// (a) the ceiling: same query, same props, plain JSON.
const bare = express();
bare.get('/', async (_req, res) => {
  const latestArticles = await listLatestPublishedArticles(knex, HOME_LATEST_COUNT);
  res.json({ latestArticles, favoriteDrivers: null });
});
const bareServer = http.createServer(bare);
await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));

// (b), (c): the real app.
const app = await startWebServer(
  { ...rt, databaseUrl: dbUrl, web: { mode: 'built', dir: buildDir } },
  { port: 0, host: '127.0.0.1' },
);

console.log(
  JSON.stringify({
    bare: `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`,
    app: app.url,
    version: app.app.version,
  }),
);

process.once('SIGTERM', () => {
  void (async () => {
    await app.close(1000);
    await new Promise((r) => bareServer.close(r));
    await rt.close();
    await dropDatabase(dbName);
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
