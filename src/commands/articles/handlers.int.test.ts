import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';
import { articleSlugStreamName, articleStreamName } from '../../events/article.ts';
import type { EventStore } from '../../eventstore/port.ts';
import { DomainError } from '../core/errors.ts';
import {
  createArticle,
  publishArticle,
  resolveArticleId,
  unpublishArticle,
  updateArticle,
  type ArticleCommandDeps,
} from './handlers.ts';

let db: TestDatabase;
let store: EventStore;
let deps: ArticleCommandDeps;

beforeAll(async () => {
  db = await createTestDatabase();
  store = db.runtime.eventStore;
  deps = { eventStore: store, retry: { maxAttempts: 20 } };
});

afterAll(async () => {
  await db.drop();
});

const unique = () => randomUUID().slice(0, 8);
const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('article commands', () => {
  it('creates an article with a slug made from the title when none is given', async () => {
    const title = `Season ${unique()} preview`;
    const created = await createArticle(deps, { title, bodyMarkdown: 'Hello' });
    expect(created.article).toMatchObject({
      status: 'draft',
      title,
      slug: title.toLowerCase().replaceAll(' ', '-'),
    });
    expect(await resolveArticleId(store, created.article.slug)).toBe(created.articleId);
  });

  it('answers invalid input with field errors and writes nothing', async () => {
    const err = await caught(
      createArticle(deps, { title: 'x', slug: 'Bad Slug', bodyMarkdown: 'b' }),
    );
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ kind: 'validation' });
    expect(Object.keys((err as DomainError).fieldErrors).sort()).toEqual(['slug', 'title']);
    expect(await store.readStream(articleSlugStreamName('bad-slug'))).toEqual([]);
  });

  it('lets exactly one of two racing creates take a slug', async () => {
    const slug = `race-${unique()}`;
    const outcomes = await Promise.allSettled([
      createArticle(deps, { title: 'First writer', slug, bodyMarkdown: 'a' }),
      createArticle(deps, { title: 'Second writer', slug, bodyMarkdown: 'b' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((o) => o.status === 'rejected');
    expect(rejected?.reason).toMatchObject({ kind: 'conflict', code: 'slug_taken' });
    expect((rejected?.reason as DomainError).fieldErrors.slug).toMatch(/already used/);
  });

  it('frees the slug again when the create itself fails', async () => {
    const existing = await createArticle(deps, {
      title: 'Existing article',
      slug: `existing-${unique()}`,
      bodyMarkdown: 'a',
    });
    const slug = `wanted-${unique()}`;
    const err = await caught(
      createArticle(deps, {
        articleId: existing.articleId,
        title: 'Reused id',
        slug,
        bodyMarkdown: 'b',
      }),
    );
    expect(err).toMatchObject({ code: 'article_exists' });
    expect(await resolveArticleId(store, slug)).toBeNull();
    await expect(
      createArticle(deps, { title: 'Takes the slug', slug, bodyMarkdown: 'c' }),
    ).resolves.toMatchObject({ article: { slug } });
  });

  it('moves the slug on update: the new one is taken, the old one becomes free', async () => {
    const oldSlug = `old-${unique()}`;
    const newSlug = `new-${unique()}`;
    const a = await createArticle(deps, {
      title: 'Moving article',
      slug: oldSlug,
      bodyMarkdown: 'a',
    });
    const updated = await updateArticle(deps, {
      articleId: a.articleId,
      slug: newSlug,
      title: 'Moved article',
    });
    expect(updated.article).toMatchObject({ slug: newSlug, title: 'Moved article' });
    expect(await resolveArticleId(store, newSlug)).toBe(a.articleId);
    expect(await resolveArticleId(store, oldSlug)).toBeNull();
    const b = await createArticle(deps, {
      title: 'Reuses the old slug',
      slug: oldSlug,
      bodyMarkdown: 'b',
    });
    expect(await resolveArticleId(store, oldSlug)).toBe(b.articleId);
  });

  it("refuses to move onto another article's slug and keeps both articles as they were", async () => {
    const a = await createArticle(deps, {
      title: 'Article A',
      slug: `a-${unique()}`,
      bodyMarkdown: 'a',
    });
    const b = await createArticle(deps, {
      title: 'Article B',
      slug: `b-${unique()}`,
      bodyMarkdown: 'b',
    });
    const err = await caught(updateArticle(deps, { articleId: b.articleId, slug: a.article.slug }));
    expect(err).toMatchObject({ code: 'slug_taken' });
    expect(await resolveArticleId(store, a.article.slug)).toBe(a.articleId);
    expect(await resolveArticleId(store, b.article.slug)).toBe(b.articleId);
  });

  it('releases a newly reserved slug when the update is refused', async () => {
    const a = await createArticle(deps, {
      title: 'Published piece',
      slug: `pub-${unique()}`,
      bodyMarkdown: 'text',
    });
    await publishArticle(deps, a.articleId);
    const newSlug = `empty-${unique()}`;
    const err = await caught(
      updateArticle(deps, { articleId: a.articleId, slug: newSlug, bodyMarkdown: '' }),
    );
    expect(err).toMatchObject({ code: 'empty_body' });
    expect(await resolveArticleId(store, newSlug)).toBeNull();
  });

  it('publishes and unpublishes idempotently, reporting whether anything changed', async () => {
    const a = await createArticle(deps, {
      title: 'Toggle me',
      slug: `toggle-${unique()}`,
      bodyMarkdown: 'text',
    });
    expect(await publishArticle(deps, a.articleId)).toMatchObject({
      changed: true,
      article: { status: 'published' },
    });
    expect(await publishArticle(deps, a.articleId)).toMatchObject({
      changed: false,
      article: { status: 'published' },
    });
    expect(await unpublishArticle(deps, a.articleId)).toMatchObject({
      changed: true,
      article: { status: 'draft' },
    });
    expect(await unpublishArticle(deps, a.articleId)).toMatchObject({
      changed: false,
      revision: 2n,
    });
    const types = (await store.readStream(articleStreamName(a.articleId))).map((e) => e.type);
    expect(types).toEqual(['ArticleCreated', 'ArticlePublished', 'ArticleUnpublished']);
  });

  it('is not found for an unknown article id and invalid for a malformed one', async () => {
    await expect(publishArticle(deps, randomUUID())).rejects.toMatchObject({ kind: 'not_found' });
    await expect(publishArticle(deps, 'not-a-uuid')).rejects.toMatchObject({ kind: 'validation' });
  });
});
