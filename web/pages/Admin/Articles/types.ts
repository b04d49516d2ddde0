/**
 * The shapes the admin article pages receive. They mirror what the server's admin article
 * controllers send (web/ never imports src/); the server's typed `render(name, props)` checks
 * that the two agree.
 */
export type ArticleStatus = 'draft' | 'published';
export type ArticleStatusFilter = 'all' | ArticleStatus;

/** A row of the admin list. Dates are ISO-8601. */
export interface AdminArticleListItem {
  id: string;
  slug: string;
  title: string;
  status: ArticleStatus;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The article of the edit form. */
export interface AdminArticleEdit {
  id: string;
  title: string;
  slug: string;
  /** '' when the article has none. */
  excerpt: string;
  bodyMarkdown: string;
  status: ArticleStatus;
  /** The stream revision the form was opened at (decimal string), sent back on save. */
  revision: string;
  publishedAt: string | null;
  /** null while the read model has not caught up with a brand-new article. */
  createdAt: string | null;
  updatedAt: string | null;
  /** Sanitized HTML of the saved body; null while it is being rendered. Safe to inject. */
  previewHtml: string | null;
}

/** The newsroom's field limits (the server's rules), for hints and counters. */
export interface ArticleLimits {
  titleMin: number;
  titleMax: number;
  slugMax: number;
  excerptMax: number;
  bodyMax: number;
}

export interface PageMeta {
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
}

export interface ArticleCounts {
  all: number;
  draft: number;
  published: number;
}
