import type { ArticleEvent } from '../../events/article.ts';
import type { DecideContext, Decider } from '../core/decider.ts';
import { conflictError, notFoundError, validationError } from '../core/errors.ts';
import { parseCommandInput } from '../core/validation.ts';
import {
  createArticleInput,
  updateArticleInput,
  type ArticleCommand,
  type CreateArticle,
  type PublishArticle,
  type UnpublishArticle,
  type UpdateArticle,
} from './commands.ts';
import { isBlankBody } from './rules.ts';

/**
 * The article aggregate (stream `article-<id>`).
 *
 * Decisions:
 *  - CreateArticle on an existing article → 409 `article_exists` (ids are never reused).
 *  - UpdateArticle changes only the fields that differ; no difference → no event.
 *    Emptying the body of a published article → 422 `empty_body`.
 *  - PublishArticle on a published article is an idempotent no-op (PATCH …/publish may be
 *    repeated, e.g. a double click, and must not fail); an empty body → 422 `empty_body`.
 *  - UnpublishArticle on a draft is likewise a no-op.
 *  - Any command but CreateArticle on an absent article → 404 `article_not_found`.
 * Slug uniqueness is not decided here: the caller reserves the slug first (slug-decider.ts).
 */

export interface ArticleFields {
  articleId: string;
  slug: string;
  title: string;
  excerpt: string | null;
  bodyMarkdown: string;
  authorId: string | null;
}

export type ArticleState =
  { status: 'absent' } | ({ status: 'draft' | 'published' } & ArticleFields);

export const initialArticleState = (): ArticleState => ({ status: 'absent' });

export function evolveArticle(state: ArticleState, event: ArticleEvent): ArticleState {
  switch (event.type) {
    case 'ArticleCreated': {
      const { createdAt: _createdAt, ...fields } = event.data;
      return { status: 'draft', ...fields };
    }
    case 'ArticleUpdated':
      return state.status === 'absent' ? state : { ...state, ...event.data.changes };
    case 'ArticlePublished':
      return state.status === 'absent' ? state : { ...state, status: 'published' };
    case 'ArticleUnpublished':
      return state.status === 'absent' ? state : { ...state, status: 'draft' };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

export function decideArticle(
  command: ArticleCommand,
  state: ArticleState,
  context: DecideContext,
): ArticleEvent[] {
  switch (command.type) {
    case 'CreateArticle':
      return create(command, state, context);
    case 'UpdateArticle':
      return update(command, state, context);
    case 'PublishArticle':
      return publish(command, state, context);
    case 'UnpublishArticle':
      return unpublish(command, state, context);
    default: {
      const _exhaustive: never = command;
      throw new TypeError(`Unknown article command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

export const articleDecider: Decider<ArticleState, ArticleCommand, ArticleEvent> = {
  initialState: initialArticleState,
  evolve: evolveArticle,
  decide: decideArticle,
};

function create(
  { data }: CreateArticle,
  state: ArticleState,
  { now }: DecideContext,
): ArticleEvent[] {
  const fields = parseCommandInput(createArticleInput, data);
  if (state.status !== 'absent') {
    throw conflictError('article_exists', `Article ${fields.articleId} already exists.`);
  }
  return [{ type: 'ArticleCreated', data: { ...fields, createdAt: now.toISOString() } }];
}

function update(
  { data }: UpdateArticle,
  state: ArticleState,
  { now }: DecideContext,
): ArticleEvent[] {
  const input = parseCommandInput(updateArticleInput, data);
  const current = existing(state, input.articleId);
  const changes: Partial<Pick<ArticleFields, 'title' | 'slug' | 'excerpt' | 'bodyMarkdown'>> = {};
  if (input.title !== undefined && input.title !== current.title) changes.title = input.title;
  if (input.slug !== undefined && input.slug !== current.slug) changes.slug = input.slug;
  if (input.excerpt !== undefined && input.excerpt !== current.excerpt)
    changes.excerpt = input.excerpt;
  if (input.bodyMarkdown !== undefined && input.bodyMarkdown !== current.bodyMarkdown) {
    changes.bodyMarkdown = input.bodyMarkdown;
  }
  if (Object.keys(changes).length === 0) return [];
  if (
    current.status === 'published' &&
    changes.bodyMarkdown !== undefined &&
    isBlankBody(changes.bodyMarkdown)
  ) {
    throw emptyBody('A published article cannot have an empty body; unpublish it first.');
  }
  return [
    {
      type: 'ArticleUpdated',
      data: { articleId: current.articleId, changes, updatedAt: now.toISOString() },
    },
  ];
}

function publish(
  { data }: PublishArticle,
  state: ArticleState,
  { now }: DecideContext,
): ArticleEvent[] {
  const current = existing(state, data.articleId);
  if (current.status === 'published') return [];
  if (isBlankBody(current.bodyMarkdown))
    throw emptyBody('An article with an empty body cannot be published.');
  return [
    {
      type: 'ArticlePublished',
      data: { articleId: current.articleId, publishedAt: now.toISOString() },
    },
  ];
}

function unpublish(
  { data }: UnpublishArticle,
  state: ArticleState,
  { now }: DecideContext,
): ArticleEvent[] {
  const current = existing(state, data.articleId);
  if (current.status === 'draft') return [];
  return [
    {
      type: 'ArticleUnpublished',
      data: { articleId: current.articleId, unpublishedAt: now.toISOString() },
    },
  ];
}

function existing(
  state: ArticleState,
  articleId: string,
): Exclude<ArticleState, { status: 'absent' }> {
  if (state.status === 'absent')
    throw notFoundError('article_not_found', `Article ${articleId} does not exist.`);
  return state;
}

const emptyBody = (message: string) =>
  validationError('empty_body', message, { bodyMarkdown: message });
