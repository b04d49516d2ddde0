import { beforeAll, describe, expect, it } from 'vitest';
import { appendTallies, tallyProjection, useTestStore } from './fixtures.test-support.ts';
import { rebuildProjection } from './rebuild.ts';
import { createProjectionRunner } from './runner.ts';
import { createWaitForProjections } from './wait-for.ts';

describe('waitForProjections (read-your-writes)', () => {
  const fx = useTestStore();
  const { deps } = fx;
  const a = tallyProjection('wait_a');
  const b = tallyProjection('wait_b');

  beforeAll(async () => {
    await rebuildProjection(deps(), a);
    await rebuildProjection(deps(), b);
  });

  it('resolves true once every named projection has passed the position', async () => {
    const waitFor = createWaitForProjections(fx.db.knex);
    const position = await appendTallies(fx.store, 3);
    const waiting = waitFor(['wait_a', 'wait_b'], position, { timeoutMs: 20_000 });
    const runner = createProjectionRunner(deps());
    await runner.runUntilCaughtUp(a);
    await runner.runUntilCaughtUp(b);
    expect(await waiting).toBe(true);
    expect(await waitFor(['wait_a'], position, { timeoutMs: 0 })).toBe(true);
  });

  it('returns false after its bounded timeout when a projection stays behind', async () => {
    const waitFor = createWaitForProjections(fx.db.knex);
    const position = await appendTallies(fx.store, 2, { start: 50 });
    await createProjectionRunner(deps()).runUntilCaughtUp(a); // b is never run
    expect(await waitFor(['wait_a', 'wait_b'], position, { timeoutMs: 150 })).toBe(false);
    expect(await waitFor(['wait_a'], position, { timeoutMs: 150 })).toBe(true);
  });

  it('treats a projection without a checkpoint as not caught up', async () => {
    const waitFor = createWaitForProjections(fx.db.knex);
    const position = await fx.store.headPosition();
    expect(await waitFor(['never_built'], position, { timeoutMs: 50 })).toBe(false);
    expect(await waitFor([], position)).toBe(true);
  });
});
