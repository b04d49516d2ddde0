import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/runtime.ts';
import type { ArticleEvent } from '../events/article.ts';
import { articlesProjection } from '../projections/articles/projection.ts';
import { applyArticleEvents, buildArticleCreated } from '../projections/articles/testing.ts';
import {
  getArticleById,
  getPublishedArticleBySlug,
  listAllArticles,
  listLatestPublishedArticles,
  listPublishedArticles,
} from './articles.ts';

let db: TestDatabase;
const published: { id: string; slug: string; publishedAt: string }[] = [];
let draftId = '';

beforeAll(async () => {
  db = await createTestDatabase();
  await articlesProjection.createTables(db.knex);
  const events: ArticleEvent[] = [];
  // Seven published articles, one a day, and one draft.
  for (let day = 1; day <= 7; day++) {
    const created = buildArticleCreated({
      slug: `news-day-${day}`,
      title: `News of day ${day}`,
      bodyMarkdown: `Day **${day}**`,
    });
    const publishedAt = `2025-04-0${day}T12:00:00.000Z`;
    events.push(created, {
      type: 'ArticlePublished',
      data: { articleId: created.data.articleId, publishedAt },
    });
    published.push({ id: created.data.articleId, slug: created.data.slug, publishedAt });
  }
  const draft = buildArticleCreated({
    slug: 'secret-draft',
    title: 'Not yet',
    createdAt: '2025-04-09T00:00:00.000Z',
  });
  draftId = draft.data.articleId;
  events.push(draft);
  await applyArticleEvents(db.knex, events);
});

afterAll(async () => {
  await db.drop();
});

describe('article queries', () => {
  it('lists published articles newest first, paged, with totals', async () => {
    const first = await listPublishedArticles(db.knex, { page: 1, perPage: 3 });
    expect(first.meta).toEqual({ page: 1, perPage: 3, total: 7, lastPage: 3 });
    expect(first.data.map((a) => a.slug)).toEqual(['news-day-7', 'news-day-6', 'news-day-5']);
    const last = await listPublishedArticles(db.knex, { page: 3, perPage: 3 });
    expect(last.data.map((a) => a.slug)).toEqual(['news-day-1']);
    const beyond = await listPublishedArticles(db.knex, { page: 9, perPage: 3 });
    expect(beyond).toMatchObject({ data: [], meta: { total: 7 } });
  });

  it('shapes list items as DTOs without markdown, HTML or internal columns', async () => {
    const [latest] = await listLatestPublishedArticles(db.knex, 1);
    expect(latest).toEqual({
      id: published[6]!.id,
      slug: 'news-day-7',
      title: 'News of day 7',
      summary: 'Day 7',
      readingMinutes: 1,
      publishedAt: '2025-04-07T12:00:00.000Z',
      updatedAt: '2025-02-01T10:00:00.000Z',
    });
  });

  it('finds a published article by slug with its sanitized HTML', async () => {
    const article = await getPublishedArticleBySlug(db.knex, 'news-day-3');
    expect(article).toMatchObject({
      slug: 'news-day-3',
      bodyHtml: '<p>Day <strong>3</strong></p>',
      excerpt: null,
    });
  });

  it('hides drafts and unknown slugs from public reads', async () => {
    expect(await getPublishedArticleBySlug(db.knex, 'secret-draft')).toBeNull();
    expect(await getPublishedArticleBySlug(db.knex, 'no-such-article')).toBeNull();
    const all = await listPublishedArticles(db.knex, { page: 1, perPage: 50 });
    expect(all.data.map((a) => a.slug)).not.toContain('secret-draft');
  });

  it('lists every article for admins, filterable by status', async () => {
    const all = await listAllArticles(db.knex, { page: 1, perPage: 50 });
    expect(all.meta.total).toBe(8);
    expect(all.data[0]).toMatchObject({ id: draftId, status: 'draft', publishedAt: null });
    const drafts = await listAllArticles(db.knex, { page: 1, perPage: 50, status: 'draft' });
    expect(drafts.data.map((a) => a.slug)).toEqual(['secret-draft']);
  });

  it('gets any article by id with its markdown, and null for unknown or malformed ids', async () => {
    expect(await getArticleById(db.knex, draftId)).toMatchObject({
      slug: 'secret-draft',
      bodyMarkdown: 'The new season starts now.',
    });
    expect(await getArticleById(db.knex, randomUUID())).toBeNull();
    expect(await getArticleById(db.knex, 'not-a-uuid')).toBeNull();
  });
});
