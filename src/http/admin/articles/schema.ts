import { z } from 'zod';
import {
  articleBody,
  articleExcerpt,
  articleSlug,
  articleTitle,
} from '../../../commands/articles/rules.ts';
import { adminPageField, revisionField, uuidParams } from '../schema.ts';

/**
 * Query, path and form schemas of the admin article routes. The form fields reuse the
 * newsroom rules (src/commands/articles/rules.ts), so a form shows the same messages the
 * command would give; the command re-checks them. Only the listed fields are taken from a
 * request body: an `articleId` or `authorId` someone adds to a form is dropped.
 */

export const ADMIN_ARTICLES_PER_PAGE = 20;

export const articleStatusFilter = z.enum(['all', 'draft', 'published']);
export type ArticleStatusFilter = z.infer<typeof articleStatusFilter>;

/** `/admin/articles?status=&page=`; an invalid value is an address that names no page (404). */
export const adminArticlesQuery = z.object({
  page: adminPageField,
  status: articleStatusFilter.default('all'),
});

export const articleIdParams = uuidParams;

/** A missing field is treated as empty, so it gets the rule's message, not "expected string". */
const field = <S extends z.ZodType>(schema: S) => z.preprocess((v) => v ?? '', schema);

/** POST /admin/articles. An empty slug is made from the title. */
export const createArticleForm = z.object({
  title: field(articleTitle),
  slug: z.preprocess(
    (v) => (v == null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    articleSlug.optional(),
  ),
  excerpt: articleExcerpt,
  bodyMarkdown: field(articleBody),
});

/** PATCH /admin/articles/{id}: every field, and the revision the form was opened at. */
export const updateArticleForm = z.object({
  title: field(articleTitle),
  slug: field(articleSlug),
  excerpt: articleExcerpt,
  bodyMarkdown: field(articleBody),
  expectedRevision: revisionField,
});
