import { z } from 'zod';
import { articleBody, articleExcerpt, articleSlug, articleTitle } from './rules.ts';

/**
 * Article commands: zod schemas for untrusted input (forms, CLI) and the command union the
 * decider handles. `articleId` is chosen by the caller (a new uuid, or a deterministic one for
 * demo data) because the stream name `article-<id>` must be known before deciding.
 */

export const createArticleInput = z.object({
  articleId: z.uuid(),
  title: articleTitle,
  slug: articleSlug,
  bodyMarkdown: articleBody,
  excerpt: articleExcerpt,
  authorId: z
    .string()
    .min(1)
    .nullish()
    .transform((v) => v ?? null),
});

/** Partial: an absent field stays as it is; `excerpt: null` or "" clears it. */
export const updateArticleInput = z.object({
  articleId: z.uuid(),
  title: articleTitle.optional(),
  slug: articleSlug.optional(),
  bodyMarkdown: articleBody.optional(),
  excerpt: articleExcerpt.optional(),
});

export const articleIdInput = z.object({ articleId: z.uuid() });

export type CreateArticleData = z.output<typeof createArticleInput>;
export type UpdateArticleData = z.output<typeof updateArticleInput>;

export type CreateArticle = { type: 'CreateArticle'; data: CreateArticleData };
export type UpdateArticle = { type: 'UpdateArticle'; data: UpdateArticleData };
export type PublishArticle = { type: 'PublishArticle'; data: { articleId: string } };
export type UnpublishArticle = { type: 'UnpublishArticle'; data: { articleId: string } };

export type ArticleCommand = CreateArticle | UpdateArticle | PublishArticle | UnpublishArticle;
