import { z } from 'zod';
import type { ArticleSummaryDto, Paged } from '../../queries/articles.ts';
import { apiArticlesQuery } from './schema.ts';
import type { ApiOperation } from '../openapi/operation.ts';
import { apiSchemas } from '../openapi/schemas.ts';

/** /api/articles described from its own query schema (news/schema.ts) and answer schema. */
export const articleSummarySchema = z
  .strictObject({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    readingMinutes: z.number().int().positive(),
    publishedAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .register(apiSchemas, { id: 'ArticleSummary' }) satisfies z.ZodType<ArticleSummaryDto>;

export const articleListResponse = z
  .strictObject({
    data: z.array(articleSummarySchema),
    meta: z.strictObject({
      page: z.number().int().positive(),
      perPage: z.number().int().positive(),
      total: z.number().int().nonnegative(),
      lastPage: z.number().int().nonnegative(),
    }),
  })
  .register(apiSchemas, { id: 'ArticleListResponse' }) satisfies z.ZodType<
  Paged<ArticleSummaryDto>
>;

export const articlesOperation: ApiOperation = {
  name: 'api.articles',
  tag: 'News',
  summary: 'Published articles, newest first',
  description: 'Page-numbered; a page past the last one has empty `data`.',
  query: apiArticlesQuery,
  response: articleListResponse,
  errors: [400],
};
