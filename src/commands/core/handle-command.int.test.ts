import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/runtime.ts';
import { articleStreamName } from '../../events/article.ts';
import { WrongExpectedVersionError, type EventStore } from '../../eventstore/port.ts';
import { articleDecider } from '../articles/decider.ts';
import type { ArticleCommand } from '../articles/commands.ts';
import { DomainError } from './errors.ts';
import { handleCommand, type AppendedInfo } from './handle-command.ts';

let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = db.runtime.eventStore;
});

afterAll(async () => {
  await db.drop();
});

const create = (articleId: string, body = 'Body text'): ArticleCommand => ({
  type: 'CreateArticle',
  data: {
    articleId,
    slug: `slug-${articleId.slice(0, 8)}`,
    title: 'A title',
    excerpt: null,
    bodyMarkdown: body,
    authorId: null,
  },
});

/** The real store, with another writer's command run between this command's read and its first append. */
function withInterleavedWriter(inner: EventStore, interleave: () => Promise<unknown>): EventStore {
  let done = false;
  return {
    ...inner,
    append: async (stream, events, opts) => {
      if (!done) {
        done = true;
        await interleave();
      }
      return inner.append(stream, events, opts);
    },
  };
}

describe('handleCommand', () => {
  it('appends to a new stream with no_stream and records metadata from the injected clock and actor', async () => {
    const id = randomUUID();
    const now = new Date('2025-05-01T12:00:00.000Z');
    const result = await handleCommand(store, articleStreamName(id), articleDecider, create(id), {
      now: () => now,
      actor: { type: 'user', id: 'user-7' },
      correlationId: 'corr-1',
    });
    expect(result.nextExpectedRevision).toBe(0n);
    expect(result.state.status).toBe('draft');
    const [recorded] = await store.readStream(articleStreamName(id));
    expect(recorded).toMatchObject({
      id: result.events[0]!.id,
      type: 'ArticleCreated',
      metadata: {
        occurredAt: now.toISOString(),
        actor: { type: 'user', id: 'user-7' },
        correlationId: 'corr-1',
      },
    });
    expect(recorded!.position).toBe(result.position);
  });

  it('throws the DomainError of decide and appends nothing', async () => {
    const id = randomUUID();
    await handleCommand(store, articleStreamName(id), articleDecider, create(id));
    await expect(
      handleCommand(store, articleStreamName(id), articleDecider, create(id)),
    ).rejects.toMatchObject({
      kind: 'conflict',
      code: 'article_exists',
    });
    expect(await store.readStream(articleStreamName(id))).toHaveLength(1);
  });

  it('appends nothing and does not notify for a no-op decision, and returns the current revision', async () => {
    const id = randomUUID();
    const notified: AppendedInfo[] = [];
    const deps = { notifyAppended: (a: AppendedInfo) => notified.push(a) };
    await handleCommand(store, articleStreamName(id), articleDecider, create(id), deps);
    const first = await handleCommand(
      store,
      articleStreamName(id),
      articleDecider,
      { type: 'PublishArticle', data: { articleId: id } },
      deps,
    );
    const again = await handleCommand(
      store,
      articleStreamName(id),
      articleDecider,
      { type: 'PublishArticle', data: { articleId: id } },
      deps,
    );
    expect(again.events).toEqual([]);
    expect(again.nextExpectedRevision).toBe(1n);
    expect(again.position).toBe(first.position);
    expect(notified.map((n) => n.eventTypes)).toEqual([['ArticleCreated'], ['ArticlePublished']]);
    expect(notified[1]!.position).toBe(first.position);
  });

  it('keeps the command successful when the wake-up fails', async () => {
    const id = randomUUID();
    const warnings: unknown[] = [];
    const result = await handleCommand(store, articleStreamName(id), articleDecider, create(id), {
      notifyAppended: () => Promise.reject(new Error('redis down')),
      logger: { warn: (obj: unknown) => warnings.push(obj) },
    });
    expect(result.events).toHaveLength(1);
    expect(warnings).toHaveLength(1);
  });

  it('on a conflict, re-reads and decides again on the new state', async () => {
    const id = randomUUID();
    const stream = articleStreamName(id);
    await handleCommand(store, stream, articleDecider, create(id));
    const publish: ArticleCommand = { type: 'PublishArticle', data: { articleId: id } };
    const racing = withInterleavedWriter(store, () =>
      handleCommand(store, stream, articleDecider, publish),
    );
    const result = await handleCommand(racing, stream, articleDecider, publish);
    // The other writer published first; deciding again on its state makes this a no-op.
    expect(result.events).toEqual([]);
    const types = (await store.readStream(stream)).map((e) => e.type);
    expect(types).toEqual(['ArticleCreated', 'ArticlePublished']);
  });

  it('rethrows WrongExpectedVersionError when the attempts are used up', async () => {
    const id = randomUUID();
    const stream = articleStreamName(id);
    await handleCommand(store, stream, articleDecider, create(id));
    const racing = withInterleavedWriter(store, () =>
      handleCommand(store, stream, articleDecider, {
        type: 'UpdateArticle',
        data: { articleId: id, title: 'Other title' },
      }),
    );
    await expect(
      handleCommand(
        racing,
        stream,
        articleDecider,
        { type: 'UpdateArticle', data: { articleId: id, title: 'Mine' } },
        { retry: { maxAttempts: 1 } },
      ),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
  });

  it('lets concurrent writers of one stream all succeed by retrying, with gapless revisions', async () => {
    const id = randomUUID();
    const stream = articleStreamName(id);
    await handleCommand(store, stream, articleDecider, create(id));
    const writers = 8;
    const results = await Promise.all(
      Array.from({ length: writers }, (_, i) =>
        handleCommand(
          store,
          stream,
          articleDecider,
          { type: 'UpdateArticle', data: { articleId: id, title: `Title number ${i}` } },
          {
            retry: { maxAttempts: 50, baseDelayMs: 5 },
          },
        ),
      ),
    );
    expect(results.every((r) => r.events.length === 1)).toBe(true);
    const recorded = await store.readStream(stream);
    expect(recorded.map((e) => e.revision)).toEqual(
      Array.from({ length: writers + 1 }, (_, i) => BigInt(i)),
    );
  });

  it('fails with stale_revision, without retrying, when the caller saw an older revision', async () => {
    const id = randomUUID();
    const stream = articleStreamName(id);
    const created = await handleCommand(store, stream, articleDecider, create(id));
    await handleCommand(store, stream, articleDecider, {
      type: 'UpdateArticle',
      data: { articleId: id, title: 'Changed by someone' },
    });
    const err: unknown = await handleCommand(
      store,
      stream,
      articleDecider,
      { type: 'UpdateArticle', data: { articleId: id, title: 'My edit' } },
      {},
      { expectedRevision: created.nextExpectedRevision as bigint },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ kind: 'conflict', code: 'stale_revision' });
  });
});
