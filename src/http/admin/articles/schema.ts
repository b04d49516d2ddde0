import { z } from 'zod';
import {
  articleBody,
  articleExcerpt,
  articleSlug,
  articleTitle,
} from '../../../commands/articles/rules.ts';

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
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  status: articleStatusFilter.default('all'),
});

export const articleIdParams = z.object({ id: z.uuid() });

/** A missing field is treated as empty, so it gets the rule's message, not "expected string". */
const field = <S extends z.ZodType>(schema: S) => z.preprocess((v) => v ?? '', schema);

const REVISION_MESSAGE = 'This form has no valid revision; reload the page and edit again.';

/** The revision an edit form was opened at, as the page sent it (a decimal string). */
const revision = z
  .union(
    [
      z.string(REVISION_MESSAGE).regex(/^\d{1,19}$/, REVISION_MESSAGE),
      z.number(REVISION_MESSAGE).int(REVISION_MESSAGE).nonnegative(REVISION_MESSAGE),
    ],
    REVISION_MESSAGE,
  )
  .transform((v) => BigInt(v));

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
  expectedRevision: revision,
});
