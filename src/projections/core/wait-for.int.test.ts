import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.ts';
import { PostgresEventStore } from '../../eventstore/postgres/postgres-event-store.ts';
import { appendTallies, silentLogger, tallyProjection } from './fixtures.test-support.ts';
import { rebuildProjection } from './rebuild.ts';
import { createProjectionRunner } from './runner.ts';
import { createWaitForProjections } from './wait-for.ts';

describe('waitForProjections (read-your-writes)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const deps = () => ({ knex: db.knex, eventStore: store, logger: silentLogger });
  const a = tallyProjection('wait_a');
  const b = tallyProjection('wait_b');

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore({ connectionString: db.url, logger: silentLogger });
    await rebuildProjection(deps(), a);
    await rebuildProjection(deps(), b);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('resolves true once every named projection has passed the position', async () => {
    const waitFor = createWaitForProjections(db.knex);
    const position = await appendTallies(store, 3);
    const waiting = waitFor(['wait_a', 'wait_b'], position, { timeoutMs: 20_000 });
    const runner = createProjectionRunner(deps());
    await runner.runUntilCaughtUp(a);
    await runner.runUntilCaughtUp(b);
    expect(await waiting).toBe(true);
    expect(await waitFor(['wait_a'], position, { timeoutMs: 0 })).toBe(true);
  });

  it('returns false after its bounded timeout when a projection stays behind', async () => {
    const waitFor = createWaitForProjections(db.knex);
    const position = await appendTallies(store, 2, { start: 50 });
    await createProjectionRunner(deps()).runUntilCaughtUp(a); // b is never run
    expect(await waitFor(['wait_a', 'wait_b'], position, { timeoutMs: 150 })).toBe(false);
    expect(await waitFor(['wait_a'], position, { timeoutMs: 150 })).toBe(true);
  });

  it('treats a projection without a checkpoint as not caught up', async () => {
    const waitFor = createWaitForProjections(db.knex);
    const position = await store.headPosition();
    expect(await waitFor(['never_built'], position, { timeoutMs: 50 })).toBe(false);
    expect(await waitFor([], position)).toBe(true);
  });
});
