import { describe, expect, it } from 'vitest';
import type {
  ArticleCreated,
  ArticlePublished,
  ArticleUnpublished,
  ArticleUpdated,
} from '../../events/article.ts';
import { deciderSpecification } from '../core/testing.ts';
import type { CreateArticleData } from './commands.ts';
import { articleDecider } from './decider.ts';

const now = new Date('2025-03-14T09:30:00.000Z');
const at = now.toISOString();
const spec = deciderSpecification(articleDecider, { now });

const articleId = '5b0c7a52-6a3f-4c1e-9d62-2f1b7e0c9a11';
const fields: CreateArticleData = {
  articleId,
  slug: 'season-3-preview',
  title: 'Season 3 preview',
  excerpt: null,
  bodyMarkdown: 'The new season starts at **Daytona**.',
  authorId: 'user-1',
};

const created: ArticleCreated = {
  type: 'ArticleCreated',
  data: { ...fields, createdAt: '2025-03-01T08:00:00.000Z' },
};
const createdEmpty: ArticleCreated = {
  type: 'ArticleCreated',
  data: { ...created.data, bodyMarkdown: '  \n' },
};
const published: ArticlePublished = {
  type: 'ArticlePublished',
  data: { articleId, publishedAt: '2025-03-02T08:00:00.000Z' },
};
const unpublished: ArticleUnpublished = {
  type: 'ArticleUnpublished',
  data: { articleId, unpublishedAt: '2025-03-03T08:00:00.000Z' },
};

describe('article decider', () => {
  describe('CreateArticle', () => {
    it('creates a draft article with the time of the command', () => {
      const state = spec
        .given([])
        .when({ type: 'CreateArticle', data: fields })
        .then([{ type: 'ArticleCreated', data: { ...fields, createdAt: at } }]);
      expect(state).toMatchObject({ status: 'draft', slug: 'season-3-preview' });
    });

    it('rejects an id that already exists', () => {
      spec
        .given([created])
        .when({ type: 'CreateArticle', data: fields })
        .thenThrows({ kind: 'conflict', code: 'article_exists' });
    });

    it.each([
      ['a title under 3 characters', { title: 'Hi' }, 'title'],
      ['a title over 200 characters', { title: 'x'.repeat(201) }, 'title'],
      ['an upper-case slug', { slug: 'Season-3' }, 'slug'],
      ['a slug with a double hyphen', { slug: 'season--3' }, 'slug'],
      ['a slug with a trailing hyphen', { slug: 'season-3-' }, 'slug'],
      ['a body over 100,000 characters', { bodyMarkdown: 'x'.repeat(100_001) }, 'bodyMarkdown'],
      ['an excerpt over 300 characters', { excerpt: 'x'.repeat(301) }, 'excerpt'],
    ])('rejects %s', (_label, override, field) => {
      const err = spec
        .given([])
        .when({ type: 'CreateArticle', data: { ...fields, ...override } })
        .thenThrows({ kind: 'validation', code: 'invalid_input' });
      expect(Object.keys(err.fieldErrors)).toEqual([field]);
    });

    it('accepts the limits themselves', () => {
      const data = {
        ...fields,
        title: 'abc',
        bodyMarkdown: 'x'.repeat(100_000),
        excerpt: 'e'.repeat(300),
      };
      spec
        .given([])
        .when({ type: 'CreateArticle', data })
        .then([{ type: 'ArticleCreated', data: { ...data, createdAt: at } }]);
    });
  });

  describe('UpdateArticle', () => {
    it('records only the fields that changed', () => {
      spec
        .given([created])
        .when({
          type: 'UpdateArticle',
          data: {
            articleId,
            title: 'Season 3 preview',
            bodyMarkdown: 'New body',
            excerpt: 'Short',
          },
        })
        .then([
          {
            type: 'ArticleUpdated',
            data: {
              articleId,
              changes: { bodyMarkdown: 'New body', excerpt: 'Short' },
              updatedAt: at,
            },
          },
        ]);
    });

    it('clears the excerpt when given an empty one', () => {
      const withExcerpt: ArticleUpdated = {
        type: 'ArticleUpdated',
        data: { articleId, changes: { excerpt: 'Old' }, updatedAt: at },
      };
      spec
        .given([created, withExcerpt])
        .when({ type: 'UpdateArticle', data: { articleId, excerpt: '' } })
        .then([
          {
            type: 'ArticleUpdated',
            data: { articleId, changes: { excerpt: null }, updatedAt: at },
          },
        ]);
    });

    it('does nothing when nothing changes', () => {
      spec
        .given([created])
        .when({
          type: 'UpdateArticle',
          data: { articleId, title: fields.title, slug: fields.slug },
        })
        .thenNothingHappened();
    });

    it('refuses to empty the body of a published article', () => {
      spec
        .given([created, published])
        .when({ type: 'UpdateArticle', data: { articleId, bodyMarkdown: '   ' } })
        .thenThrows({
          kind: 'validation',
          code: 'empty_body',
          fieldErrors: { bodyMarkdown: /empty body/ },
        });
    });

    it('lets a draft have an empty body', () => {
      spec
        .given([created])
        .when({ type: 'UpdateArticle', data: { articleId, bodyMarkdown: '' } })
        .then([
          {
            type: 'ArticleUpdated',
            data: { articleId, changes: { bodyMarkdown: '' }, updatedAt: at },
          },
        ]);
    });

    it('is not found for an article that does not exist', () => {
      spec
        .given([])
        .when({ type: 'UpdateArticle', data: { articleId, title: 'Whatever' } })
        .thenThrows({ kind: 'not_found', code: 'article_not_found' });
    });

    it('validates the new values', () => {
      spec
        .given([created])
        .when({ type: 'UpdateArticle', data: { articleId, slug: 'Not A Slug' } })
        .thenThrows({ kind: 'validation', fieldErrors: { slug: /lowercase/ } });
    });
  });

  describe('PublishArticle', () => {
    it('publishes a draft', () => {
      const state = spec
        .given([created])
        .when({ type: 'PublishArticle', data: { articleId } })
        .then([{ type: 'ArticlePublished', data: { articleId, publishedAt: at } }]);
      expect(state.status).toBe('published');
    });

    it('republishes an unpublished article', () => {
      spec
        .given([created, published, unpublished])
        .when({ type: 'PublishArticle', data: { articleId } })
        .then([{ type: 'ArticlePublished', data: { articleId, publishedAt: at } }]);
    });

    it('is an idempotent no-op on a published article', () => {
      spec
        .given([created, published])
        .when({ type: 'PublishArticle', data: { articleId } })
        .thenNothingHappened();
    });

    it('refuses an article whose body is blank', () => {
      spec
        .given([createdEmpty])
        .when({ type: 'PublishArticle', data: { articleId } })
        .thenThrows({ kind: 'validation', code: 'empty_body' });
    });

    it('is not found for an article that does not exist', () => {
      spec
        .given([])
        .when({ type: 'PublishArticle', data: { articleId } })
        .thenThrows({ kind: 'not_found' });
    });
  });

  describe('UnpublishArticle', () => {
    it('unpublishes a published article', () => {
      const state = spec
        .given([created, published])
        .when({ type: 'UnpublishArticle', data: { articleId } })
        .then([{ type: 'ArticleUnpublished', data: { articleId, unpublishedAt: at } }]);
      expect(state.status).toBe('draft');
    });

    it('is an idempotent no-op on a draft', () => {
      spec
        .given([created])
        .when({ type: 'UnpublishArticle', data: { articleId } })
        .thenNothingHappened();
      spec
        .given([created, published, unpublished])
        .when({ type: 'UnpublishArticle', data: { articleId } })
        .thenNothingHappened();
    });

    it('is not found for an article that does not exist', () => {
      spec
        .given([])
        .when({ type: 'UnpublishArticle', data: { articleId } })
        .thenThrows({ kind: 'not_found' });
    });
  });
});
