import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, pageFromHtml } from '../test-support/client.ts';
import { startTestServer, type TestServer } from '../test-support/server.ts';
import { demoArticleId, seedDemoArticles } from '../../demo/articles.ts';
import {
  createArticle,
  publishArticle,
  unpublishArticle,
  type ArticleCommandDeps,
} from '../../commands/articles/handlers.ts';
import type { EventStore, Position } from '../../eventstore/index.ts';
import type { Logger } from '../../logger.ts';
import { articlesProjection } from '../../projections/articles/projection.ts';
import { catchUpForTest } from '../../../tests/support/runtime.ts';

/**
 * The news slice over HTTP against the real app: articles are written through the commands,
 * projected by the real runner, and read by the routes.
 */
let t: TestServer;
let store: EventStore;
let deps: ArticleCommandDeps;
let client: TestClient;
let logger: Logger;

/** Runs the articles projection until it has applied everything up to `position`. */
const projectUpTo = (position: Position | null) =>
  catchUpForTest({ knex: t.db.knex, eventStore: store, logger }, [articlesProjection], position);

const hostileSlug = 'hostile-markdown';
const draftSlug = 'draft-not-public';

beforeAll(async () => {
  t = await startTestServer();
  ({ eventStore: store, logger } = t.db.runtime);
  deps = { eventStore: store, now: () => new Date('2026-11-01T12:00:00.000Z') };
  await seedDemoArticles(deps);
  const hostile = await createArticle(deps, {
    slug: hostileSlug,
    title: 'Hostile markdown',
    bodyMarkdown:
      'Hi <script>alert(1)</script> <img src=x onerror=alert(2)> [x](javascript:alert(3))',
  });
  const published = await publishArticle(
    { ...deps, now: () => new Date('2026-10-01T12:00:00.000Z') },
    hostile.articleId,
  );
  await createArticle(deps, {
    slug: draftSlug,
    title: 'Draft, not public',
    bodyMarkdown: 'Secret',
  });
  await projectUpTo(published.position);
  client = new TestClient(t.url);
});

afterAll(async () => {
  await t?.close();
});

describe('home page', () => {
  it('renders Home/Index with the latest published articles, newest first, and no favorites for a guest', async () => {
    const res = await client.visit('/');
    expect(res.status).toBe(200);
    const page = res.page();
    expect(page.component).toBe('Home/Index');
    const latest = page.props.latestArticles as { slug: string; publishedAt: string }[];
    expect(latest.length).toBe(7);
    expect(latest[0]!.slug).toBe('season-3-is-live');
    expect(latest.map((a) => a.publishedAt)).toEqual(
      [...latest.map((a) => a.publishedAt)].sort().reverse(),
    );
    expect(latest.map((a) => a.slug)).not.toContain(draftSlug);
    expect(page.props.favoriteDrivers).toBeNull();
  });

  it('serves the first visit as HTML with the page object', async () => {
    const res = await client.get('/');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(pageFromHtml(res.text).component).toBe('Home/Index');
  });
});

describe('news list', () => {
  it('pages the published articles', async () => {
    const page = (await client.visit('/news')).page();
    expect(page.component).toBe('News/Index');
    expect(page.props.meta).toEqual({ page: 1, perPage: 12, total: 7, lastPage: 1 });
    expect((page.props.articles as unknown[]).length).toBe(7);
  });

  it.each(['/news?page=2', '/news?page=abc', '/news?page=0'])('answers 404 for %s', async (url) => {
    const res = await client.visit(url);
    expect(res.status).toBe(404);
    expect(res.page().component).toBe('Public/NotFound');
  });
});

describe('news article', () => {
  it('renders a published article with its sanitized HTML', async () => {
    const res = await client.visit('/news/championship-report-title-decided-at-spa');
    expect(res.status).toBe(200);
    const page = res.page();
    expect(page.component).toBe('News/Show');
    const article = page.props.article as { title: string; bodyHtml: string };
    expect(article.title).toBe('Championship report: the title is decided at Spa');
    expect(article.bodyHtml).toContain('<h2>The race</h2>');
    expect(article.bodyHtml).toContain('<table>');
  });

  it('never hands a script, handler or javascript: URL to the page', async () => {
    const res = await client.get(`/news/${hostileSlug}`);
    expect(res.status).toBe(200);
    const { bodyHtml } = pageFromHtml(res.text).props.article as { bodyHtml: string };
    expect(bodyHtml).not.toMatch(/<script|onerror|javascript:/i);
    expect(bodyHtml).toContain('Hi');
  });

  it.each([
    ['an unpublished article', `/news/${draftSlug}`],
    ['an unknown slug', '/news/no-such-article'],
    ['a malformed slug', '/news/Not_A_Slug'],
  ])('answers 404 for %s', async (_label, url) => {
    const res = await client.visit(url);
    expect(res.status).toBe(404);
    expect(res.page().component).toBe('Public/NotFound');
  });

  it('stops showing an article once it is unpublished', async () => {
    const slug = 'hardware-review-direct-drive-wheel-bases';
    expect((await client.visit(`/news/${slug}`)).status).toBe(200);
    const articleId = demoArticleId(slug);
    const unpublished = await unpublishArticle(deps, articleId);
    await projectUpTo(unpublished.position);
    expect((await client.visit(`/news/${slug}`)).status).toBe(404);
    const republished = await publishArticle(deps, articleId);
    await projectUpTo(republished.position);
    expect((await client.visit(`/news/${slug}`)).status).toBe(200);
  });
});

describe('GET /api/articles', () => {
  it('answers paged JSON with data and meta', async () => {
    const res = await client.get('/api/articles?page=2&perPage=3');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = res.json<{ data: { slug: string }[]; meta: unknown }>();
    expect(body.meta).toEqual({ page: 2, perPage: 3, total: 7, lastPage: 3 });
    expect(body.data).toHaveLength(3);
    expect(Object.keys(body.data[0]!).sort()).toEqual([
      'id',
      'publishedAt',
      'readingMinutes',
      'slug',
      'summary',
      'title',
      'updatedAt',
    ]);
  });

  it('defaults to page 1 of 10 and returns an empty page past the end', async () => {
    expect((await client.get('/api/articles')).json<{ meta: unknown }>().meta).toEqual({
      page: 1,
      perPage: 10,
      total: 7,
      lastPage: 1,
    });
    expect((await client.get('/api/articles?page=5')).json<{ data: unknown[] }>().data).toEqual([]);
  });

  it.each(['perPage=0', 'perPage=51', 'perPage=abc', 'page=0', 'page=1.5', 'page=1&page=2'])(
    'answers 400 for %s',
    async (query) => {
      const res = await client.get(`/api/articles?${query}`);
      expect(res.status).toBe(400);
      const body = res.json<{ error: string; issues: unknown[] }>();
      expect(body.error).toBe('bad_request');
      expect(body.issues.length).toBeGreaterThan(0);
    },
  );
});

describe('content pages', () => {
  it.each([
    ['/changelog', 'Content/Changelog'],
    ['/privacy-policy', 'Content/Privacy'],
    ['/terms-of-service', 'Content/Terms'],
  ])('%s renders %s', async (url, component) => {
    const res = await client.visit(url);
    expect(res.status).toBe(200);
    expect(res.page().component).toBe(component);
  });
});
