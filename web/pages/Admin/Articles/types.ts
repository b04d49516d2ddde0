/**
 * What the admin article pages declare: the edit form's article (src/http/admin/articles/
 * present.ts builds it), the field limits and the counts by status. A list row is the server's
 * DTO (web/generated/dtos.ts).
 */
import type { ArticleStatus } from '../../../generated/dtos.ts';

export type ArticleStatusFilter = 'all' | ArticleStatus;

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

export interface ArticleCounts {
  all: number;
  draft: number;
  published: number;
}
