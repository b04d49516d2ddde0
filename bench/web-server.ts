/**
 * The servers measured by bench/web.ts, in their own process so the load generator does not
 * share their event loop: (a) a bare Express endpoint running the home page's query and
 * returning the home props as plain JSON (no Inertia, session, CSRF, helmet, compression or
 * logging: the ceiling), and the real app (built bundle, NODE_ENV=production) for (b) and (c),
 * configured as `npm start` runs it: with an event store, so the accounts area (passport) is
 * in the request path as in production.
 * It creates and migrates a throwaway database, seeds published articles through the articles
 * projection, prints one JSON line with the URLs, and cleans up on SIGTERM.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { createKnex } from '../src/db/knex.ts';
import { migrateLatest } from '../src/db/migrate.ts';
import { allEventDefinitions } from '../src/events/index.ts';
import { createEventRegistry, createEventStore } from '../src/eventstore/index.ts';
import { startWebServer } from '../src/http/server.ts';
import { HOME_LATEST_COUNT } from '../src/http/news/schema.ts';
import { createLogger } from '../src/logger.ts';
import { articlesProjection } from '../src/projections/articles/projection.ts';
import { applyArticleEvents, buildArticleCreated } from '../src/projections/articles/testing.ts';
import { listLatestPublishedArticles } from '../src/queries/articles.ts';

const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const buildDir = process.argv[2];
if (!buildDir) throw new Error('usage: web-server.ts <buildDir>');

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const dbName = `pitwall_bench_${randomBytes(4).toString('hex')}`;
await admin(`CREATE DATABASE ${dbName}`);
const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const knex = createKnex(dbUrl, { poolMax: 10 });
await migrateLatest(knex);
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
const dataDir = await mkdtemp(path.join(tmpdir(), 'pitwall-bench-'));
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  // SSR_CACHE_MB=0 measures every (c) request rendering React (docs/benchmarks.md "Web").
  SSR_CACHE_MB: process.env.SSR_CACHE_MB, // unset: the default
});
const logger = createLogger({ level: 'warn', pretty: false });
const eventStore = createEventStore({
  config,
  logger,
  registry: createEventRegistry(allEventDefinitions),
  url: dbUrl,
});
const app = await startWebServer(
  { config, logger, knex, eventStore, databaseUrl: dbUrl, web: { mode: 'built', dir: buildDir } },
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
    await eventStore.close();
    await new Promise((r) => bareServer.close(r));
    await knex.destroy();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
