import { describe, expect, it } from 'vitest';
import type { Position, ReadAllResult } from '../../eventstore/port.ts';
import { ReadAhead } from './read-ahead.ts';

/** A log of `pages` pages: the page from "p<n>" ends at "p<n+1>"; the last one is the end. */
function fakeLog(pages: number) {
  const started: string[] = [];
  const pending = new Map<string, (r: ReadAllResult) => void>();
  const read = (from: Position): Promise<ReadAllResult> => {
    started.push(from);
    return new Promise((resolve) => pending.set(from, resolve));
  };
  const arrive = async (from: string): Promise<void> => {
    const n = Number(from.slice(1));
    const resolve = pending.get(from);
    if (!resolve) throw new Error(`no read in flight from ${from}`);
    pending.delete(from);
    resolve({ events: [], next: `p${n + 1}` as Position, isEnd: n + 1 >= pages });
    await new Promise((r) => setImmediate(r));
  };
  return { read, started, pending, arrive };
}

const p = (n: number) => `p${n}` as Position;

/** Takes page 0 once it arrived (the first batch); returns it. */
async function takeFirst(ahead: ReadAhead, log: ReturnType<typeof fakeLog>) {
  const first = ahead.take(p(0));
  await log.arrive('p0');
  return first;
}

describe('ReadAhead', () => {
  it('reads each page from where the previous one ended, up to `depth` pages ahead', async () => {
    const log = fakeLog(10);
    const ahead = new ReadAhead({ read: log.read, depth: 2, mayRead: () => true });
    expect((await takeFirst(ahead, log)).next).toBe('p1');
    // While batch 0 is applied, page 1 is read; once it arrived, page 2 (two ahead), not 3.
    expect(log.started).toEqual(['p0', 'p1']);
    await log.arrive('p1');
    expect(log.started).toEqual(['p0', 'p1', 'p2']);
    await log.arrive('p2');
    expect(log.started).toEqual(['p0', 'p1', 'p2']);
    // Taking page 1 makes room: page 3 starts; page 2 was already there.
    expect((await ahead.take(p(1))).next).toBe('p2');
    expect(log.started).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect((await ahead.take(p(2))).next).toBe('p3');
    await settleAll(ahead, log);
  });

  it('drops what it read ahead when asked for another position, and reads from there', async () => {
    const log = fakeLog(10);
    const ahead = new ReadAhead({ read: log.read, depth: 2, mayRead: () => true });
    await takeFirst(ahead, log);
    await log.arrive('p1');
    // Batch 0 did not commit (conflict): the runner asks for its own checkpoint, p5.
    const other = ahead.take(p(5));
    expect(log.started.at(-1)).toBe('p5');
    await log.arrive('p5');
    expect((await other).next).toBe('p6');
    expect(log.started.at(-1)).toBe('p6');
    await settleAll(ahead, log);
  });

  it('never reads past the end of the log or beyond what mayRead allows', async () => {
    const log = fakeLog(2);
    const ahead = new ReadAhead({ read: log.read, depth: 3, mayRead: () => true });
    await takeFirst(ahead, log);
    await log.arrive('p1'); // the end
    expect(log.started).toEqual(['p0', 'p1']);
    expect((await ahead.take(p(1))).isEnd).toBe(true);
    expect(log.started).toEqual(['p0', 'p1']);

    const budgeted = fakeLog(10);
    let budget = 1;
    const limited = new ReadAhead({
      read: budgeted.read,
      depth: 3,
      mayRead: (pagesAhead) => pagesAhead < budget,
    });
    const page = limited.take(p(0));
    await budgeted.arrive('p0');
    await page;
    await budgeted.arrive('p1');
    expect(budgeted.started).toEqual(['p0', 'p1']);
    budget = 0;
    await limited.take(p(1));
    expect(budgeted.started).toEqual(['p0', 'p1']);
  });

  it('cued: after a take, reads wait for cue(), then go on up to `depth` pages ahead', async () => {
    const log = fakeLog(10);
    const ahead = new ReadAhead({ read: log.read, depth: 2, mayRead: () => true, cued: true });
    expect((await takeFirst(ahead, log)).next).toBe('p1');
    // Page 0 taken: nothing is read until the batch cues.
    expect(log.started).toEqual(['p0']);
    ahead.cue();
    expect(log.started).toEqual(['p0', 'p1']);
    await log.arrive('p1');
    expect(log.started).toEqual(['p0', 'p1', 'p2']);
    await log.arrive('p2');
    // Taking page 1 makes room, but page 3 waits for the cue; a second cue changes nothing.
    expect((await ahead.take(p(1))).next).toBe('p2');
    expect(log.started).toEqual(['p0', 'p1', 'p2']);
    ahead.cue();
    ahead.cue();
    expect(log.started).toEqual(['p0', 'p1', 'p2', 'p3']);
    // A page still in flight when the cue comes is followed once it arrives.
    expect((await ahead.take(p(2))).next).toBe('p3');
    ahead.cue();
    expect(log.started).toEqual(['p0', 'p1', 'p2', 'p3']);
    await log.arrive('p3');
    expect(log.started).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
    // After clear (a batch that did not commit) a cue reads nothing: the next take decides.
    await ahead.take(p(3));
    ahead.clear();
    ahead.cue();
    expect(log.started).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
    await settleAll(ahead, log);
  });

  it('settle() waits for reads in flight, also dropped ones, and a failed read surfaces only if taken', async () => {
    const inFlight: (() => void)[] = [];
    const read = (from: Position): Promise<ReadAllResult> =>
      new Promise((resolve, reject) =>
        inFlight.push(() =>
          from === p(1)
            ? reject(new Error('read failed'))
            : resolve({ events: [], next: p(Number(from.slice(1)) + 1), isEnd: false }),
        ),
      );
    const ahead = new ReadAhead({ read, depth: 1, mayRead: () => true });
    const first = ahead.take(p(0));
    inFlight.shift()!();
    await first;
    // Page 1 is in flight and will fail; nobody takes it: no unhandled rejection.
    expect(inFlight).toHaveLength(1);
    ahead.clear();
    let settled = false;
    const settling = ahead.settle().then(() => (settled = true));
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    inFlight.shift()!();
    await settling;
    expect(settled).toBe(true);

    const again = new ReadAhead({ read, depth: 1, mayRead: () => true });
    const taken = again.take(p(1));
    inFlight.shift()!();
    await expect(taken).rejects.toThrow('read failed');
    await again.settle();
  });
});

/** Lets every read still in flight arrive, then settles: a test leaves nothing pending. */
async function settleAll(ahead: ReadAhead, log: ReturnType<typeof fakeLog>): Promise<void> {
  const settling = ahead.settle();
  for (const from of [...log.pending.keys()]) await log.arrive(from);
  await settling;
}
