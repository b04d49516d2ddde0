import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { ArticleEvent } from '../../events/article.ts';
import { makePosition, type RecordedEvent } from '../../eventstore/port.ts';
import { articlesProjection } from './projection.ts';

/**
 * Test support: applies article events to the `articles` tables the way the runner does (one
 * transaction, recorded-event envelopes), without an event store. For projection and query tests.
 */
let sequence = 0;

export function asRecorded(events: readonly ArticleEvent[]): RecordedEvent[] {
  return events.map((e) => ({
    ...e,
    id: randomUUID(),
    metadata: { occurredAt: '2025-01-01T00:00:00.000Z' },
    streamName: `article-${e.data.articleId}`,
    revision: 0n,
    position: makePosition(1, ++sequence),
    schemaVersion: 1,
    recordedAt: new Date(),
  }));
}

export function applyArticleEvents(knex: Knex, events: readonly ArticleEvent[]): Promise<void> {
  return knex.transaction((trx) => articlesProjection.apply(trx, asRecorded(events)));
}

type CreatedData = Extract<ArticleEvent, { type: 'ArticleCreated' }>['data'];

/** An ArticleCreated event with sensible defaults (a `buildX(overrides)` factory). */
export function buildArticleCreated(
  overrides: Partial<CreatedData> = {},
): Extract<ArticleEvent, { type: 'ArticleCreated' }> {
  const articleId = overrides.articleId ?? randomUUID();
  return {
    type: 'ArticleCreated',
    data: {
      articleId,
      slug: `article-${articleId.slice(0, 8)}`,
      title: 'Daytona opens the season',
      excerpt: null,
      bodyMarkdown: 'The new season starts now.',
      authorId: null,
      createdAt: '2025-02-01T10:00:00.000Z',
      ...overrides,
    },
  };
}
