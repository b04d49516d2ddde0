import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';
import type { ArticleCreated, ArticleEvent } from '../../events/article.ts';
import { articlesProjection } from './projection.ts';
import { ARTICLES_TABLE, type ArticleRow } from './tables.ts';
import { applyArticleEvents, buildArticleCreated } from './testing.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await articlesProjection.createTables(db.knex);
});

afterAll(async () => {
  await db.drop();
});

const given = (events: ArticleEvent[]) => applyArticleEvents(db.knex, events);
const row = (id: string) => db.knex<ArticleRow>(ARTICLES_TABLE).where({ id }).first();

const created = (articleId: string, over: Partial<ArticleCreated['data']> = {}): ArticleCreated =>
  buildArticleCreated({
    articleId,
    slug: `slug-${articleId.slice(0, 8)}`,
    bodyMarkdown: '# Heading\n\nThe **new season** starts now. <script>alert(1)</script>',
    authorId: 'user-1',
    ...over,
  });

describe('articles projection', () => {
  it('creates a draft row with sanitized HTML, a summary and reading time', async () => {
    const id = randomUUID();
    await given([created(id)]);
    expect(await row(id)).toMatchObject({
      slug: `slug-${id.slice(0, 8)}`,
      status: 'draft',
      excerpt: null,
      summary: 'Heading The new season starts now.',
      body_html: '<h2>Heading</h2>\n<p>The <strong>new season</strong> starts now. </p>',
      reading_minutes: 1,
      published_at: null,
      author_id: 'user-1',
      created_at: new Date('2025-02-01T10:00:00.000Z'),
      updated_at: new Date('2025-02-01T10:00:00.000Z'),
    });
  });

  it('applies partial updates and re-renders derived columns', async () => {
    const id = randomUUID();
    await given([
      created(id),
      {
        type: 'ArticleUpdated',
        data: {
          articleId: id,
          changes: { excerpt: 'Short intro' },
          updatedAt: '2025-02-02T10:00:00.000Z',
        },
      },
      {
        type: 'ArticleUpdated',
        data: {
          articleId: id,
          changes: { bodyMarkdown: 'Fresh *body*', title: 'New title' },
          updatedAt: '2025-02-03T10:00:00.000Z',
        },
      },
    ]);
    expect(await row(id)).toMatchObject({
      title: 'New title',
      excerpt: 'Short intro',
      summary: 'Short intro',
      body_markdown: 'Fresh *body*',
      body_html: '<p>Fresh <em>body</em></p>',
      updated_at: new Date('2025-02-03T10:00:00.000Z'),
    });
    await given([
      {
        type: 'ArticleUpdated',
        data: { articleId: id, changes: { excerpt: null }, updatedAt: '2025-02-04T10:00:00.000Z' },
      },
    ]);
    expect(await row(id)).toMatchObject({ excerpt: null, summary: 'Fresh body' });
  });

  it('keeps the first publication time across unpublish and republish', async () => {
    const id = randomUUID();
    await given([
      created(id),
      {
        type: 'ArticlePublished',
        data: { articleId: id, publishedAt: '2025-02-05T10:00:00.000Z' },
      },
      {
        type: 'ArticleUnpublished',
        data: { articleId: id, unpublishedAt: '2025-02-06T10:00:00.000Z' },
      },
    ]);
    expect(await row(id)).toMatchObject({
      status: 'draft',
      published_at: new Date('2025-02-05T10:00:00.000Z'),
    });
    await given([
      {
        type: 'ArticlePublished',
        data: { articleId: id, publishedAt: '2025-02-07T10:00:00.000Z' },
      },
    ]);
    expect(await row(id)).toMatchObject({
      status: 'published',
      published_at: new Date('2025-02-05T10:00:00.000Z'),
    });
  });

  it('lets a slug pass from one article to another in one batch, in log order', async () => {
    const a = randomUUID();
    const b = randomUUID();
    const slug = `shared-${a.slice(0, 8)}`;
    await given([
      created(a, { slug }),
      {
        type: 'ArticleUpdated',
        data: {
          articleId: a,
          changes: { slug: `${slug}-old` },
          updatedAt: '2025-02-08T10:00:00.000Z',
        },
      },
      created(b, { slug }),
    ]);
    expect((await row(a))?.slug).toBe(`${slug}-old`);
    expect((await row(b))?.slug).toBe(slug);
  });

  it('applying the same creation twice leaves one row (upsert)', async () => {
    const id = randomUUID();
    await given([created(id)]);
    await given([created(id, { title: 'Replayed title' })]);
    const rows = await db.knex(ARTICLES_TABLE).where({ id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'Replayed title' });
  });
});
