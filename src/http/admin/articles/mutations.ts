import {
  createArticle,
  publishArticle,
  unpublishArticle,
  updateArticle,
} from '../../../commands/articles/handlers.ts';
import { isDomainError } from '../../../commands/core/errors.ts';
import { mutation, refuse } from '../../mutation.ts';
import { adminArticleEditPath, adminArticlesCreatePath } from './paths.ts';
import { articleIdParams, createArticleForm, updateArticleForm } from './schema.ts';

/** The read model the admin and news pages read after an article command. */
const ARTICLE_PROJECTIONS = ['articles'] as const;

/** What an editor sees when someone else saved (or published) the article after they opened it. */
export const STALE_ARTICLE_MESSAGE =
  'This article was changed after you opened it (by someone else, or in another tab). ' +
  'Your changes were not saved. Load the current version, then make your edits again.';

/**
 * POST /admin/articles: creates a draft (the slug defaults to one made from the title), then
 * opens its edit form with "Article created". Invalid input or a taken slug: back to the form
 * with the field errors, nothing created.
 */
export const storeAdminArticle = mutation({
  input: createArticleForm,
  form: adminArticlesCreatePath,
  run: ({ input, commandDeps, userId }) =>
    createArticle(commandDeps(), {
      title: input.title,
      ...(input.slug ? { slug: input.slug } : {}),
      excerpt: input.excerpt,
      bodyMarkdown: input.bodyMarkdown,
      authorId: userId(),
    }),
  projections: ARTICLE_PROJECTIONS,
  answer: (outcome) => ({
    flash: { success: 'Article created.' },
    redirect: adminArticleEditPath(outcome.articleId),
  }),
});

/**
 * PATCH /admin/articles/{id}: saves the edit form, only if the article is still at the
 * revision the form was opened at; otherwise back to the form with STALE_ARTICLE_MESSAGE and
 * nothing changed (the 409 conflict, as the Inertia form round trip shows it).
 */
export const updateAdminArticle = mutation({
  params: articleIdParams,
  input: updateArticleForm,
  form: ({ id }) => adminArticleEditPath(id),
  run: async ({ params, input: { expectedRevision, ...fields }, commandDeps }) => {
    try {
      return await updateArticle(
        commandDeps(),
        { articleId: params.id, ...fields },
        { expectedRevision },
      );
    } catch (err) {
      if (isDomainError(err) && err.code === 'stale_revision') refuse({ _: STALE_ARTICLE_MESSAGE });
      throw err;
    }
  },
  projections: ARTICLE_PROJECTIONS,
  answer: (outcome, { params }) => ({
    flash: outcome.changed
      ? { success: 'Article saved.' }
      : { info: 'Nothing to save: no field changed.' },
    redirect: adminArticleEditPath(params.id),
  }),
});

/**
 * PATCH /admin/articles/{id}/publish. Idempotent: publishing a published article succeeds
 * and says so. An empty body is refused (back with the error on `bodyMarkdown`).
 */
export const publishAdminArticle = mutation({
  params: articleIdParams,
  form: ({ id }) => adminArticleEditPath(id),
  run: ({ params, commandDeps }) => publishArticle(commandDeps(), params.id),
  projections: ARTICLE_PROJECTIONS,
  answer: (outcome) => ({
    flash: outcome.changed
      ? { success: 'Article published.' }
      : { info: 'The article was already published.' },
  }),
});

/** DELETE /admin/articles/{id}/publish. Idempotent: unpublishing a draft succeeds and says so. */
export const unpublishAdminArticle = mutation({
  params: articleIdParams,
  form: ({ id }) => adminArticleEditPath(id),
  run: ({ params, commandDeps }) => unpublishArticle(commandDeps(), params.id),
  projections: ARTICLE_PROJECTIONS,
  answer: (outcome) => ({
    flash: outcome.changed
      ? { success: 'Article unpublished: it is a draft again.' }
      : { info: 'The article was already a draft.' },
  }),
});
