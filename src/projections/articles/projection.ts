import type { Knex } from 'knex';
import { markdownToPlainText, readingMinutes, renderMarkdown } from '../../content/markdown.ts';
import { articleEventTypes, type ArticleEvent } from '../../events/article.ts';
import type { RecordedEvent } from '../../eventstore/port.ts';
import type { Projection } from '../core/types.ts';
import { ARTICLES_TABLE, type ArticleRow } from './tables.ts';

/**
 * The `articles` read model: news pages, /api/articles and the admin list read it.
 *
 * - Markdown is rendered and sanitized here, once per change, not per request.
 * - Every statement is an upsert or an update by primary key, so applying a batch is
 *   deterministic; the runner applies each batch in one transaction with the checkpoint.
 * - Slug uniqueness holds at every step: the write side moves a slug (reserve new → update
 *   article → release old) in that order, so in the log an article's slug change always precedes
 *   another article taking the old slug.
 * - Rebuild: replays ArticleCreated/Updated/Published/Unpublished into fresh tables. Bump
 *   `version` when the DDL, the rendering (markdown.ts's allowlist) or `apply` changes, so
 *   stored HTML is re-rendered.
 */
const SUMMARY_LENGTH = 240;

export const articlesProjection: Projection = {
  name: 'articles',
  version: 1,
  eventTypes: articleEventTypes,
  tables: [ARTICLES_TABLE],

  async createTables(db) {
    await db.raw(`
      CREATE TABLE ${ARTICLES_TABLE} (
        id uuid PRIMARY KEY,
        slug text NOT NULL,
        title text NOT NULL,
        excerpt text,
        summary text NOT NULL,
        body_markdown text NOT NULL,
        body_html text NOT NULL,
        reading_minutes integer NOT NULL,
        status text NOT NULL CHECK (status IN ('draft', 'published')),
        published_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        author_id text,
        CONSTRAINT ${ARTICLES_TABLE}_slug_key UNIQUE (slug)
      )
    `);
    // The public list: newest published first, stable under equal times.
    await db.raw(`
      CREATE INDEX ${ARTICLES_TABLE}_published_idx ON ${ARTICLES_TABLE} (published_at DESC, id DESC)
      WHERE status = 'published'
    `);
    // The admin list: most recently changed first.
    await db.raw(
      `CREATE INDEX ${ARTICLES_TABLE}_updated_idx ON ${ARTICLES_TABLE} (updated_at DESC, id DESC)`,
    );
  },

  async apply(trx, events) {
    for (const event of events) await applyOne(trx, event as RecordedEvent & ArticleEvent);
  },
};

function rendered(bodyMarkdown: string, excerpt: string | null) {
  return {
    body_markdown: bodyMarkdown,
    body_html: renderMarkdown(bodyMarkdown),
    reading_minutes: readingMinutes(bodyMarkdown),
    summary: excerpt ?? markdownToPlainText(bodyMarkdown, SUMMARY_LENGTH),
  };
}

async function applyOne(trx: Knex.Transaction, event: ArticleEvent): Promise<void> {
  switch (event.type) {
    case 'ArticleCreated': {
      const d = event.data;
      const row = {
        id: d.articleId,
        slug: d.slug,
        title: d.title,
        excerpt: d.excerpt,
        ...rendered(d.bodyMarkdown, d.excerpt),
        status: 'draft',
        published_at: null,
        created_at: d.createdAt,
        updated_at: d.createdAt,
        author_id: d.authorId,
      };
      await trx(ARTICLES_TABLE).insert(row).onConflict('id').merge();
      return;
    }
    case 'ArticleUpdated': {
      const { articleId, changes, updatedAt } = event.data;
      const current = await trx<ArticleRow>(ARTICLES_TABLE)
        .where({ id: articleId })
        .first('excerpt', 'body_markdown');
      if (!current) return; // cannot happen for a valid stream: the create precedes every update
      const excerpt = changes.excerpt !== undefined ? changes.excerpt : current.excerpt;
      const body = changes.bodyMarkdown ?? current.body_markdown;
      await trx(ARTICLES_TABLE)
        .where({ id: articleId })
        .update({
          ...(changes.title !== undefined ? { title: changes.title } : {}),
          ...(changes.slug !== undefined ? { slug: changes.slug } : {}),
          excerpt,
          ...rendered(body, excerpt),
          updated_at: updatedAt,
        });
      return;
    }
    case 'ArticlePublished':
      await trx(ARTICLES_TABLE)
        .where({ id: event.data.articleId })
        .update({
          status: 'published',
          published_at: trx.raw('COALESCE(published_at, ?::timestamptz)', [event.data.publishedAt]),
        });
      return;
    case 'ArticleUnpublished':
      await trx(ARTICLES_TABLE).where({ id: event.data.articleId }).update({ status: 'draft' });
      return;
    default: {
      const _exhaustive: never = event;
      return;
    }
  }
}
