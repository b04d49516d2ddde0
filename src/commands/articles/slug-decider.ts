import type { ArticleSlugEvent } from '../../events/article.ts';
import type { Decider } from '../core/decider.ts';
import { conflictError } from '../core/errors.ts';

/**
 * Slug uniqueness, enforced by the write side itself: each slug has its own stream
 * `articleSlug-<slug>` holding who owns it. Because the generic handler appends with the
 * revision it read (`no_stream` for a never-used slug), two articles racing for one slug cannot
 * both win: exactly one append succeeds, the other re-decides and gets `slug_taken`.
 * (Checking the read model instead would only be eventually consistent.)
 *
 *  - Reserve by the current owner → no-op (retries and re-runs are safe).
 *  - Reserve of a slug someone else owns → 409 `slug_taken` with a `slug` field error.
 *  - Release by a non-owner → no-op (a late release never frees another article's slug).
 */
export type ArticleSlugState = { owner: string | null };

export type ReserveArticleSlug = {
  type: 'ReserveArticleSlug';
  data: { slug: string; articleId: string };
};
export type ReleaseArticleSlug = {
  type: 'ReleaseArticleSlug';
  data: { slug: string; articleId: string };
};
export type ArticleSlugCommand = ReserveArticleSlug | ReleaseArticleSlug;

export const articleSlugDecider: Decider<ArticleSlugState, ArticleSlugCommand, ArticleSlugEvent> = {
  initialState: () => ({ owner: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'ArticleSlugReserved':
        return { owner: event.data.articleId };
      case 'ArticleSlugReleased':
        return state.owner === event.data.articleId ? { owner: null } : state;
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'ReserveArticleSlug': {
        const { slug, articleId } = command.data;
        if (state.owner === articleId) return [];
        if (state.owner !== null) {
          throw conflictError(
            'slug_taken',
            `The slug "${slug}" is already used by another article.`,
            {
              slug: 'This slug is already used by another article.',
            },
          );
        }
        return [{ type: 'ArticleSlugReserved', data: { slug, articleId } }];
      }
      case 'ReleaseArticleSlug': {
        if (state.owner !== command.data.articleId) return [];
        return [{ type: 'ArticleSlugReleased', data: command.data }];
      }
      default: {
        const _exhaustive: never = command;
        throw new TypeError(`Unknown slug command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};
