import { z } from 'zod';
import { defineEvent, type EventData, type EventDefinition } from '../eventstore/event-types.ts';

/**
 * Events of the article aggregate (stream `article-<articleId>`) and of the article-slug
 * reservation (stream `articleSlug-<slug>`). Shared by commands (write) and projections (read).
 *
 * Every timestamp in a payload is an ISO-8601 string taken from the command's injected clock.
 * Payloads keep no personal data: `authorId` is an opaque user id.
 */

export const articleStreamName = (articleId: string) => `article-${articleId}`;
export const articleSlugStreamName = (slug: string) => `articleSlug-${slug}`;

const isoTime = z.iso.datetime({ offset: true });
const articleId = z.uuid();
const slug = z.string().min(1).max(120);

export const articleCreatedData = z.object({
  articleId,
  slug,
  title: z.string(),
  excerpt: z.string().nullable(),
  bodyMarkdown: z.string(),
  authorId: z.string().nullable(),
  createdAt: isoTime,
});

/** Only the fields that changed are present; `excerpt: null` clears the excerpt. */
export const articleUpdatedData = z.object({
  articleId,
  changes: z
    .object({
      title: z.string(),
      slug,
      excerpt: z.string().nullable(),
      bodyMarkdown: z.string(),
    })
    .partial(),
  updatedAt: isoTime,
});

export const articlePublishedData = z.object({ articleId, publishedAt: isoTime });
export const articleUnpublishedData = z.object({ articleId, unpublishedAt: isoTime });

export const articleSlugReservedData = z.object({ slug, articleId });
export const articleSlugReleasedData = z.object({ slug, articleId });

export const ArticleCreated = defineEvent({
  type: 'ArticleCreated',
  version: 1,
  schema: articleCreatedData,
});
export const ArticleUpdated = defineEvent({
  type: 'ArticleUpdated',
  version: 1,
  schema: articleUpdatedData,
});
export const ArticlePublished = defineEvent({
  type: 'ArticlePublished',
  version: 1,
  schema: articlePublishedData,
});
export const ArticleUnpublished = defineEvent({
  type: 'ArticleUnpublished',
  version: 1,
  schema: articleUnpublishedData,
});
export const ArticleSlugReserved = defineEvent({
  type: 'ArticleSlugReserved',
  version: 1,
  schema: articleSlugReservedData,
});
export const ArticleSlugReleased = defineEvent({
  type: 'ArticleSlugReleased',
  version: 1,
  schema: articleSlugReleasedData,
});

/** As the domain sees an event of a definition: its type and payload. */
type Domain<D extends EventDefinition> = { type: D['type']; data: EventData<D> };

export type ArticleCreated = Domain<typeof ArticleCreated>;
export type ArticleUpdated = Domain<typeof ArticleUpdated>;
export type ArticlePublished = Domain<typeof ArticlePublished>;
export type ArticleUnpublished = Domain<typeof ArticleUnpublished>;
export type ArticleEvent = ArticleCreated | ArticleUpdated | ArticlePublished | ArticleUnpublished;

export type ArticleSlugReserved = Domain<typeof ArticleSlugReserved>;
export type ArticleSlugReleased = Domain<typeof ArticleSlugReleased>;
export type ArticleSlugEvent = ArticleSlugReserved | ArticleSlugReleased;

/** Every definition of this file, for the event registry (src/events/index.ts). */
export const articleEventDefinitions = [
  ArticleCreated,
  ArticleUpdated,
  ArticlePublished,
  ArticleUnpublished,
  ArticleSlugReserved,
  ArticleSlugReleased,
] as const;

/** The article stream's event types (what the articles projection reads). */
export const articleEventTypes = [
  ArticleCreated.type,
  ArticleUpdated.type,
  ArticlePublished.type,
  ArticleUnpublished.type,
] as const satisfies readonly ArticleEvent['type'][];
