/**
 * The article shapes pages receive. They mirror the DTOs of src/queries/articles.ts (web/ never
 * imports src/); the server's typed `render(name, props)` checks the two agree.
 */
export interface ArticleSummary {
  id: string;
  slug: string;
  title: string;
  summary: string;
  readingMinutes: number;
  /** ISO-8601. */
  publishedAt: string;
  updatedAt: string;
}

export interface Article extends ArticleSummary {
  excerpt: string | null;
  /** Sanitized on the server when the article was saved; safe to inject. */
  bodyHtml: string;
}

export interface PageMeta {
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
}
