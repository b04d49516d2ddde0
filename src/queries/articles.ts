import type { Knex } from 'knex';
import { run, statement, type Statement } from '../db/batch.ts';
import {
  ARTICLES_TABLE,
  type ArticleRow,
  type ArticleStatus,
} from '../projections/articles/tables.ts';

/**
 * Read functions over the `articles` read model. They return shaped DTOs (ISO date strings,
 * camelCase, no internal columns), never raw rows; pages and /api hand them out as they are.
 * Reads are eventually consistent with the commands: after a mutation, wait for the `articles`
 * projection to pass the command's position (read-your-writes) before reading.
 */

export interface PageRequest {
  /** 1-based. */
  page: number;
  perPage: number;
}

/** Where a page of a list stands: its 1-based number, its size, the count of all items. */
export interface PageMeta {
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
}

/** The meta of page `page` of `perPage` items out of `total` (the last page is 1 when there is none). */
export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}

export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}

/** A published article in a list (home page, news list, /api/articles). */
export interface ArticleSummaryDto {
  id: string;
  slug: string;
  title: string;
  summary: string;
  readingMinutes: number;
  publishedAt: string;
  updatedAt: string;
}

/** A published article's page. `bodyHtml` is sanitized (src/content/markdown.ts). */
export interface ArticleDto extends ArticleSummaryDto {
  excerpt: string | null;
  bodyHtml: string;
}

/** An article of any status, for the admin list. */
export interface AdminArticleListItemDto {
  id: string;
  slug: string;
  title: string;
  status: ArticleStatus;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An article of any status with its markdown, for the admin edit form. */
export interface AdminArticleDto extends AdminArticleListItemDto {
  excerpt: string | null;
  bodyMarkdown: string;
  bodyHtml: string;
  authorId: string | null;
}

const iso = (d: Date) => d.toISOString();

const summaryColumns = [
  'id',
  'slug',
  'title',
  'summary',
  'reading_minutes',
  'published_at',
  'updated_at',
] as const;

function toSummary(row: Pick<ArticleRow, (typeof summaryColumns)[number]>): ArticleSummaryDto {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    readingMinutes: row.reading_minutes,
    // Published rows always have a publication time (the projection sets it on publish).
    publishedAt: iso(row.published_at ?? row.updated_at),
    updatedAt: iso(row.updated_at),
  };
}

function toAdminListItem(row: ArticleRow): AdminArticleListItemDto {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    status: row.status,
    publishedAt: row.published_at ? iso(row.published_at) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

async function paged<T>(
  base: () => Knex.QueryBuilder,
  { page, perPage }: PageRequest,
  fetchPage: (q: Knex.QueryBuilder) => Promise<T[]>,
): Promise<Paged<T>> {
  const [data, countRow] = await Promise.all([
    fetchPage(
      base()
        .limit(perPage)
        .offset((page - 1) * perPage),
    ),
    base().count<{ count: number | string }[]>({ count: '*' }).first() as Promise<
      { count: number | string } | undefined
    >,
  ]);
  const total = Number(countRow?.count ?? 0);
  return {
    data,
    meta: pageMeta(page, perPage, total),
  };
}

/** Published articles, newest first (ties by id, so pages never overlap). */
export function listPublishedArticles(
  db: Knex,
  request: PageRequest,
): Promise<Paged<ArticleSummaryDto>> {
  return paged(
    () => db<ArticleRow>(ARTICLES_TABLE).where({ status: 'published' }),
    request,
    async (q) => {
      const rows = (await q.select(...summaryColumns).orderBy([
        { column: 'published_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])) as ArticleRow[];
      return rows.map(toSummary);
    },
  );
}

/**
 * The newest published articles (the home page): the first page of listPublishedArticles without
 * its count, one prepared statement (src/db/prepared.ts).
 */
export async function listLatestPublishedArticles(
  db: Knex,
  limit: number,
): Promise<ArticleSummaryDto[]> {
  return run(db, latestPublishedArticlesStatement(limit));
}

/** listLatestPublishedArticles as a statement, for a page's batch (src/db/batch.ts). */
export function latestPublishedArticlesStatement(limit: number): Statement<ArticleSummaryDto[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`bad article limit ${limit}`);
  return statement(
    `SELECT ${summaryColumns.join(', ')} FROM ${ARTICLES_TABLE}
      WHERE status = 'published' ORDER BY published_at DESC, id DESC LIMIT ${limit}`,
    [],
    (rows: ArticleRow[]) => rows.map(toSummary),
  );
}

/** A published article by slug; null when unknown or not published (pages answer 404). */
export async function getPublishedArticleBySlug(
  db: Knex,
  slug: string,
): Promise<ArticleDto | null> {
  const row = await db<ArticleRow>(ARTICLES_TABLE).where({ slug, status: 'published' }).first();
  if (!row) return null;
  return { ...toSummary(row), excerpt: row.excerpt, bodyHtml: row.body_html };
}

/** Every article for the admin list, most recently changed first; optionally one status. */
export function listAllArticles(
  db: Knex,
  request: PageRequest & { status?: ArticleStatus },
): Promise<Paged<AdminArticleListItemDto>> {
  return paged(
    () => {
      const q = db<ArticleRow>(ARTICLES_TABLE);
      return request.status ? q.where({ status: request.status }) : q;
    },
    request,
    async (q) => {
      const rows = (await q.select('*').orderBy([
        { column: 'updated_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])) as ArticleRow[];
      return rows.map(toAdminListItem);
    },
  );
}

/** Any article by id, with its markdown (the admin edit form); null when unknown. */
export async function getArticleById(db: Knex, id: string): Promise<AdminArticleDto | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const row = await db<ArticleRow>(ARTICLES_TABLE).where({ id }).first();
  if (!row) return null;
  return {
    ...toAdminListItem(row),
    excerpt: row.excerpt,
    bodyMarkdown: row.body_markdown,
    bodyHtml: row.body_html,
    authorId: row.author_id,
  };
}
