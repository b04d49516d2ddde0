import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendTallies,
  createTallyDatabase,
  expectedTallies,
  silentLogger,
  tallyProjection,
  tallyRows,
} from '../../src/projections/core/fixtures.test-support.ts';
import { readCheckpoint } from '../../src/projections/core/checkpoints.ts';
import { rebuildProjection } from '../../src/projections/core/rebuild.ts';
import { comparePositions } from '../../src/eventstore/port.ts';
import type { TestDatabase } from '../support/runtime.ts';

/**
 * kill -9 of a worker in the middle of a projection batch, then a new worker: the read tables
 * equal a rebuild from the log, and no event was applied twice or skipped. The worker is a real
 * process (support/tally-worker.ts) running the runtime's projection runner on the test
 * database; its batches announce themselves, and the third one is killed while it is open.
 */
let db: TestDatabase;
const children: ChildProcess[] = [];
const EVENTS = 3000;

function startWorker(
  onBatch?: (count: number, child: ChildProcess) => void,
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/faults/support/tally-worker.ts', db.name],
    { stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
  );
  children.push(child);
  let batches = 0;
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`worker exited (${code ?? signal})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'ready') resolve(child);
      if (line.startsWith('batch ')) onBatch?.(++batches, child);
    });
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

beforeAll(async () => {
  db = await createTallyDatabase({ label: 'faults' });
  await appendTallies(db.runtime.eventStore, EVENTS, { streams: 7, perAppend: 100 });
}, 120_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await db?.drop();
});

describe('fault: a worker killed with SIGKILL in the middle of a batch', () => {
  it('resumes from the last committed batch: tables equal a rebuild, nothing applied twice or skipped', async () => {
    const store = db.runtime.eventStore;
    const head = await store.headPosition();
    let killedAt: number | null = null;
    const first = await startWorker((n, child) => {
      if (n === 3 && killedAt === null) {
        killedAt = n;
        child.kill('SIGKILL'); // batch 3 is being applied: its transaction is open
      }
    }).catch((err: unknown) => err);
    if (first instanceof Error && killedAt === null) throw first;
    await exited(children[0]!);
    expect(children[0]!.signalCode).toBe('SIGKILL');
    const before = await readCheckpoint(db.knex, 'fault_tally');
    expect(!before || comparePositions(before.position, head) < 0).toBe(true);

    const second = await startWorker();
    for (let i = 0; i < 600; i++) {
      const cp = await readCheckpoint(db.knex, 'fault_tally');
      if (cp && comparePositions(cp.position, head) >= 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    second.kill('SIGTERM');
    await exited(second);

    const live = await tallyRows(db.knex, 'fault_tally');
    const expected = await expectedTallies(store);
    expect(live.appliedCount).toBe(EVENTS);
    expect(live.distinctApplied).toBe(EVENTS);
    expect(live.totals).toEqual(expected.totals);
    // A rebuild from the log gives the same tables.
    await rebuildProjection(
      { knex: db.knex, eventStore: store, logger: silentLogger },
      tallyProjection('fault_tally', 1),
      { waitForLock: true },
    );
    const rebuilt = await tallyRows(db.knex, 'fault_tally');
    expect(rebuilt.totals).toEqual(live.totals);
    expect(rebuilt.appliedIds).toEqual(live.appliedIds);
  }, 300_000);
});
