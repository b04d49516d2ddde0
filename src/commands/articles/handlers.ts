import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EventStore, Position, StreamRevision } from '../../eventstore/port.ts';
import {
  articleSlugStreamName,
  articleStreamName,
  type ArticleEvent,
} from '../../events/article.ts';
import { aggregateStream } from '../core/aggregate-stream.ts';
import {
  entityIdInput,
  entityResult,
  handleEntityCommand,
  loadEntity,
  type EntityResult,
  type EntityStream,
  type Present,
} from '../core/entity-command.ts';
import { notFoundError } from '../core/errors.ts';
import { handleCommand, type CommandDeps, type CommandResult } from '../core/handle-command.ts';
import { parseCommandInput } from '../core/validation.ts';
import { createArticleInput, updateArticleInput, type ArticleCommand } from './commands.ts';
import { articleDecider, type ArticleState } from './decider.ts';
import { articleBody, articleExcerpt, articleSlug, articleTitle, slugify } from './rules.ts';
import { articleSlugDecider } from './slug-decider.ts';

/**
 * The article use cases that HTTP controllers and the CLI call. Each validates untrusted input
 * (422 with field errors), keeps slugs unique through their reservation streams, and runs the
 * article decider through the generic handler. Errors: DomainError (see core/errors.ts for the
 * HTTP statuses) or, after the handler's retries, WrongExpectedVersionError (409).
 */
export interface ArticleCommandDeps extends CommandDeps {
  eventStore: EventStore;
}

export interface ArticleOutcome {
  articleId: string;
  /** The article after the command (never `absent`). */
  article: Present<ArticleState>;
  /** Whether anything was appended (false for an idempotent repeat). */
  changed: boolean;
  /** Wait for the projections to pass this before showing the result (read-your-writes). */
  position: Position | null;
  /** The article stream's revision after the command: an edit form's `expectedRevision`. */
  revision: StreamRevision | 'no_stream';
}

const article: EntityStream<ArticleState, ArticleCommand, ArticleEvent> = {
  decider: articleDecider,
  streamName: articleStreamName,
  notFound: (articleId) =>
    notFoundError('article_not_found', `Article ${articleId} does not exist.`),
};

/** Create input: `articleId` defaults to a new uuid, `slug` to one made from the title. */
export const newArticleInput = z.object({
  articleId: z.uuid().optional(),
  title: articleTitle,
  slug: z.preprocess((v) => (v === '' ? undefined : v), articleSlug.optional()),
  bodyMarkdown: articleBody.default(''),
  excerpt: articleExcerpt,
  authorId: z.string().min(1).nullish(),
});

export async function createArticle(
  deps: ArticleCommandDeps,
  input: unknown,
): Promise<ArticleOutcome> {
  const raw = parseCommandInput(newArticleInput, input);
  const data = parseCommandInput(createArticleInput, {
    ...raw,
    articleId: raw.articleId ?? (deps.newId ?? randomUUID)(),
    slug: raw.slug ?? slugify(raw.title),
  });
  const reservation = await reserveSlug(deps, data.slug, data.articleId);
  let result: CommandResult<ArticleState, { type: string; data: unknown }>;
  try {
    result = await handleCommand(
      deps.eventStore,
      articleStreamName(data.articleId),
      articleDecider,
      { type: 'CreateArticle', data },
      deps,
    );
  } catch (err) {
    if (reservation.events.length > 0) await releaseSlug(deps, data.slug, data.articleId);
    throw err;
  }
  return outcome(data.articleId, entityResult(article, data.articleId, result));
}

/**
 * Partial update. A slug change reserves the new slug before the article changes and releases
 * the old one after, so the article never points at a slug it does not own. A crash between
 * the two leaves the old slug reserved (unusable, never double-used); that is the safe side.
 */
export async function updateArticle(
  deps: ArticleCommandDeps,
  input: unknown,
  options: { expectedRevision?: StreamRevision } = {},
): Promise<ArticleOutcome> {
  const data = parseCommandInput(updateArticleInput, input);
  const stream = articleStreamName(data.articleId);
  let reservedNewSlug = false;
  if (data.slug !== undefined) {
    const { state } = await loadEntity(article, deps.eventStore, data.articleId);
    if (state.status === 'absent') throw article.notFound(data.articleId);
    if (state.slug !== data.slug) {
      reservedNewSlug = (await reserveSlug(deps, data.slug, data.articleId)).events.length > 0;
    }
  }
  let result: CommandResult<ArticleState, { type: string; data: unknown }>;
  try {
    result = await handleCommand(
      deps.eventStore,
      stream,
      articleDecider,
      { type: 'UpdateArticle', data },
      deps,
      options,
    );
  } catch (err) {
    if (reservedNewSlug && data.slug !== undefined)
      await releaseSlug(deps, data.slug, data.articleId);
    throw err;
  }
  const before = result.stateBefore;
  const after = result.state;
  if (before.status !== 'absent' && after.status !== 'absent' && before.slug !== after.slug) {
    await releaseSlug(deps, before.slug, data.articleId);
  }
  return outcome(data.articleId, entityResult(article, data.articleId, result));
}

/** Idempotent: publishing a published article changes nothing and succeeds. */
export async function publishArticle(
  deps: ArticleCommandDeps,
  articleId: string,
): Promise<ArticleOutcome> {
  const data = entityIdInput('articleId', articleId);
  const command: ArticleCommand = { type: 'PublishArticle', data };
  return outcome(data.articleId, await handleEntityCommand(article, deps, data.articleId, command));
}

/** Idempotent: unpublishing a draft changes nothing and succeeds. */
export async function unpublishArticle(
  deps: ArticleCommandDeps,
  articleId: string,
): Promise<ArticleOutcome> {
  const data = entityIdInput('articleId', articleId);
  const command: ArticleCommand = { type: 'UnpublishArticle', data };
  return outcome(data.articleId, await handleEntityCommand(article, deps, data.articleId, command));
}

/**
 * An article id from an id or a slug, answered by the write side (the slug's reservation
 * stream), so it is exact right after a create. Null when nothing matches.
 */
export async function resolveArticleId(
  eventStore: EventStore,
  idOrSlug: string,
): Promise<string | null> {
  if (z.uuid().safeParse(idOrSlug).success) return idOrSlug;
  if (!articleSlug.safeParse(idOrSlug).success) return null;
  const { state } = await aggregateStream(
    eventStore,
    articleSlugStreamName(idOrSlug),
    articleSlugDecider,
  );
  return state.owner;
}

/** The article as the write side sees it (absent when it does not exist). */
export async function loadArticle(eventStore: EventStore, articleId: string) {
  return loadEntity(article, eventStore, articleId);
}

function reserveSlug(deps: ArticleCommandDeps, slug: string, articleId: string) {
  return handleCommand(
    deps.eventStore,
    articleSlugStreamName(slug),
    articleSlugDecider,
    { type: 'ReserveArticleSlug', data: { slug, articleId } },
    deps,
  );
}

function releaseSlug(deps: ArticleCommandDeps, slug: string, articleId: string) {
  return handleCommand(
    deps.eventStore,
    articleSlugStreamName(slug),
    articleSlugDecider,
    { type: 'ReleaseArticleSlug', data: { slug, articleId } },
    deps,
  );
}

function outcome(
  articleId: string,
  { state, ...rest }: EntityResult<ArticleState>,
): ArticleOutcome {
  return { articleId, article: state, ...rest };
}
