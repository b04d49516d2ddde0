import {
  createArticle,
  publishArticle,
  unpublishArticle,
  updateArticle,
  type ArticleOutcome,
} from '../../../commands/articles/handlers.ts';
import { isDomainError } from '../../../commands/core/errors.ts';
import { HttpError } from '../../errors.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { adminCommandDeps, adminIdOf, settle, submitForm } from '../support.ts';
import { adminArticleEditPath, adminArticlesCreatePath } from './paths.ts';
import { articleIdParams, createArticleForm, updateArticleForm } from './schema.ts';

/** The read model the admin and news pages read after an article command. */
const ARTICLE_PROJECTIONS = ['articles'] as const;

/** What an editor sees when someone else saved (or published) the article after they opened it. */
export const STALE_ARTICLE_MESSAGE =
  'This article was changed after you opened it (by someone else, or in another tab). ' +
  'Your changes were not saved. Load the current version, then make your edits again.';

function articleIdOf(params: unknown): string {
  const parsed = articleIdParams.safeParse(params);
  if (!parsed.success) throw new HttpError(404, 'This page does not exist.');
  return parsed.data.id;
}

async function settleArticle(
  deps: Parameters<RouteHandler>[2],
  outcome: ArticleOutcome,
): Promise<void> {
  await settle(deps, ARTICLE_PROJECTIONS, outcome.changed ? outcome.position : null);
}

/**
 * POST /admin/articles: creates a draft (the slug defaults to one made from the title), then
 * opens its edit form with "Article created". Invalid input or a taken slug: back to the form
 * with the field errors, nothing created.
 */
export const storeAdminArticle: RouteHandler = (req, res, deps) =>
  submitForm(res, adminArticlesCreatePath, async () => {
    const form = createArticleForm.parse(req.body ?? {});
    const outcome = await createArticle(await adminCommandDeps(req, deps), {
      title: form.title,
      ...(form.slug ? { slug: form.slug } : {}),
      excerpt: form.excerpt,
      bodyMarkdown: form.bodyMarkdown,
      authorId: await adminIdOf(req, deps),
    });
    await settleArticle(deps, outcome);
    res.inertia.flash({ success: 'Article created.' });
    res.inertia.redirect(adminArticleEditPath(outcome.articleId));
  });

/**
 * PATCH /admin/articles/{id}: saves the edit form, only if the article is still at the
 * revision the form was opened at; otherwise back to the form with STALE_ARTICLE_MESSAGE and
 * nothing changed (the 409 conflict, as the Inertia form round trip shows it).
 */
export const updateAdminArticle: RouteHandler = (req, res, deps) => {
  const articleId = articleIdOf(req.params);
  const editPath = adminArticleEditPath(articleId);
  return submitForm(res, editPath, async () => {
    const { expectedRevision, ...fields } = updateArticleForm.parse(req.body ?? {});
    let outcome: ArticleOutcome;
    try {
      outcome = await updateArticle(
        await adminCommandDeps(req, deps),
        { articleId, ...fields },
        { expectedRevision },
      );
    } catch (err) {
      if (isDomainError(err) && err.code === 'stale_revision') {
        res.inertia.back({ errors: { _: STALE_ARTICLE_MESSAGE }, fallback: editPath });
        return;
      }
      throw err;
    }
    await settleArticle(deps, outcome);
    res.inertia.flash(
      outcome.changed
        ? { success: 'Article saved.' }
        : { info: 'Nothing to save: no field changed.' },
    );
    res.inertia.redirect(editPath);
  });
};

/**
 * PATCH /admin/articles/{id}/publish. Idempotent: publishing a published article succeeds
 * and says so. An empty body is refused (back with the error on `bodyMarkdown`).
 */
export const publishAdminArticle: RouteHandler = (req, res, deps) => {
  const articleId = articleIdOf(req.params);
  const editPath = adminArticleEditPath(articleId);
  return submitForm(res, editPath, async () => {
    const outcome = await publishArticle(await adminCommandDeps(req, deps), articleId);
    await settleArticle(deps, outcome);
    res.inertia.back({
      flash: outcome.changed
        ? { success: 'Article published.' }
        : { info: 'The article was already published.' },
      fallback: editPath,
    });
  });
};

/** DELETE /admin/articles/{id}/publish. Idempotent: unpublishing a draft succeeds and says so. */
export const unpublishAdminArticle: RouteHandler = (req, res, deps) => {
  const articleId = articleIdOf(req.params);
  const editPath = adminArticleEditPath(articleId);
  return submitForm(res, editPath, async () => {
    const outcome = await unpublishArticle(await adminCommandDeps(req, deps), articleId);
    await settleArticle(deps, outcome);
    res.inertia.back({
      flash: outcome.changed
        ? { success: 'Article unpublished: it is a draft again.' }
        : { info: 'The article was already a draft.' },
      fallback: editPath,
    });
  });
};
