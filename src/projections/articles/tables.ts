/**
 * Tables of the `articles` read model (created by projection.ts's `createTables`, filled only by
 * its `apply`). src/queries/articles.ts imports these names instead of repeating strings.
 *
 * articles: one row per article.
 *   id uuid PK · slug text UNIQUE · title · excerpt (author's, nullable) · summary (excerpt, or
 *   the body's first words: never null) · body_markdown · body_html (sanitized at projection
 *   time, so a page read is one row fetch and no rendering) · reading_minutes · status
 *   ('draft' | 'published') · published_at (first publication; kept across unpublish so a
 *   republished piece keeps its date) · created_at · updated_at (last content change) · author_id
 */
export const ARTICLES_TABLE = 'articles';

export type ArticleStatus = 'draft' | 'published';

/** A row of ARTICLES_TABLE as pg returns it. Only queries shape it for pages. */
export interface ArticleRow {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  summary: string;
  body_markdown: string;
  body_html: string;
  reading_minutes: number;
  status: ArticleStatus;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  author_id: string | null;
}
