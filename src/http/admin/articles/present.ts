import type { ArticleState } from '../../../commands/articles/decider.ts';
import type { StreamRevision } from '../../../eventstore/port.ts';
import type { AdminArticleDto } from '../../../queries/articles.ts';
import type { AdminArticleEdit } from '../../../../web/pages/Admin/Articles/types.ts';

type ExistingArticle = Exclude<ArticleState, { status: 'absent' }>;

/**
 * The edit form's article. Its fields and revision come from the write side (one consistent
 * pair, exact right after a change), so saving with that revision can only overwrite what the
 * form showed. Dates and the rendered preview come from the read model; the preview is given
 * only while it belongs to the same markdown (the projection may still be catching up).
 */
export function presentArticleForEdit(
  article: ExistingArticle,
  revision: StreamRevision,
  row: AdminArticleDto | null,
): AdminArticleEdit {
  return {
    id: article.articleId,
    title: article.title,
    slug: article.slug,
    excerpt: article.excerpt ?? '',
    bodyMarkdown: article.bodyMarkdown,
    status: article.status,
    revision: revision.toString(),
    publishedAt: row?.publishedAt ?? null,
    createdAt: row?.createdAt ?? null,
    updatedAt: row?.updatedAt ?? null,
    previewHtml: row && row.bodyMarkdown === article.bodyMarkdown ? row.bodyHtml : null,
  };
}
