import { describe, expect, it } from 'vitest';
import { admissionOptions, createAdmission, laneOf, type ReadOutcome } from './admission.ts';

/** A read that records what it was told; `slot` gives its slot back or withdraws it. */
function reader(admission: ReturnType<typeof createAdmission>) {
  const outcomes: ReadOutcome[] = [];
  const slot = admission.read((o) => outcomes.push(o));
  return { outcomes, slot };
}

describe('the lanes', () => {
  it('reads are GET and HEAD outside /auth; everything else is account work; preflights pass', () => {
    expect(laneOf('GET', '/drivers')).toBe('read');
    expect(laneOf('HEAD', '/api/drivers')).toBe('read');
    expect(laneOf('GET', '/authors')).toBe('read');
    expect(laneOf('GET', '/auth/login')).toBe('account');
    expect(laneOf('GET', '/AUTH/register')).toBe('account');
    expect(laneOf('GET', '/auth')).toBe('account');
    expect(laneOf('POST', '/auth/register')).toBe('account');
    expect(laneOf('POST', '/api/favorites')).toBe('account');
    expect(laneOf('DELETE', '/settings/account')).toBe('account');
    expect(laneOf('OPTIONS', '/api/drivers')).toBe('free');
  });

  it('leaves readers a thirty-second of the reads while accounts run, never none', () => {
    expect(admissionOptions(64, 100, 1500).readsDuringAccounts).toBe(2);
    expect(admissionOptions(32, 100, 1500).readsDuringAccounts).toBe(1);
    expect(admissionOptions(1, 100, 1500).readsDuringAccounts).toBe(1);
  });
});

describe('admission of reads', () => {
  const opts = { reads: 2, readsDuringAccounts: 1, queue: 2, priorityMs: 60_000 };

  it('runs reads up to the limit, queues the next in order, sheds past the queue', () => {
    const admission = createAdmission(opts);
    const [a, b, c, d, e] = Array.from({ length: 5 }, () => reader(admission));
    expect([a, b, c, d, e].map((r) => r!.outcomes)).toEqual([['run'], ['run'], [], [], ['full']]);
    expect(admission.stats()).toMatchObject({ readsRunning: 2, readsWaiting: 2 });
    a!.slot.done();
    expect(c!.outcomes).toEqual(['run']);
    expect(d!.outcomes).toEqual([]);
    b!.slot.done();
    expect(d!.outcomes).toEqual(['run']);
    expect(admission.stats().totals).toMatchObject({ reads: 4, queued: 2, shed: 1 });
  });

  it('an account request gets no wait and shrinks the reads that may start until it ends', () => {
    const admission = createAdmission(opts);
    const first = reader(admission);
    const endAccount = admission.account();
    expect(admission.stats()).toMatchObject({ limit: 1, accountsRunning: 1 });
    // One read runs already: the next ones wait although the normal limit is 2.
    const second = reader(admission);
    const third = reader(admission);
    expect(second.outcomes).toEqual([]);
    // A second account request is never queued behind the waiting reads.
    const endOther = admission.account();
    expect(admission.stats()).toMatchObject({ accountsRunning: 2, readsWaiting: 2 });
    first.slot.done();
    expect(second.outcomes).toEqual(['run']);
    expect(third.outcomes).toEqual([]);
    endAccount();
    endAccount(); // idempotent
    expect(third.outcomes).toEqual([]);
    endOther();
    expect(third.outcomes).toEqual(['run']);
    expect(admission.stats()).toMatchObject({ limit: 2, readsRunning: 2, accountsRunning: 0 });
  });

  it('a read whose client went away leaves the queue; one that ran gives its slot back once', () => {
    const admission = createAdmission(opts);
    const a = reader(admission);
    reader(admission);
    const waiting = reader(admission);
    const next = reader(admission);
    waiting.slot.cancel();
    expect(admission.stats()).toMatchObject({ readsWaiting: 1, totals: { abandoned: 1 } });
    a.slot.done();
    a.slot.cancel(); // the connection closes after the answer: no second release
    expect(waiting.outcomes).toEqual([]);
    expect(next.outcomes).toEqual(['run']);
    expect(admission.stats()).toMatchObject({ readsRunning: 2, readsWaiting: 0 });
  });

  it('holds a read back for account work at most priorityMs, then runs it beside that work', async () => {
    const admission = createAdmission({ ...opts, reads: 3, priorityMs: 30 });
    admission.account();
    const running = reader(admission);
    const waiting = reader(admission);
    expect(running.outcomes).toEqual(['run']);
    expect(waiting.outcomes).toEqual([]);
    // Nothing ends: the queue's own timer lets the read run once it has waited priorityMs.
    while (waiting.outcomes.length === 0) await new Promise((r) => setTimeout(r, 5));
    expect(waiting.outcomes).toEqual(['run']);
    expect(admission.stats()).toMatchObject({
      readsRunning: 2,
      accountsRunning: 1,
      totals: { overdue: 1 },
    });
  });

  it('past priorityMs only the reads that waited that long run beside account work', () => {
    let t = 0;
    const admission = createAdmission({ ...opts, reads: 3, priorityMs: 1000 }, () => t);
    admission.account();
    const endOther = admission.account();
    reader(admission);
    const old = reader(admission);
    t = 500;
    const young = reader(admission);
    t = 1000;
    endOther(); // wakes the queue; one account request still runs
    expect(old.outcomes).toEqual(['run']);
    expect(young.outcomes).toEqual([]);
    expect(admission.stats()).toMatchObject({ readsRunning: 2, readsWaiting: 1, limit: 1 });
  });

  it('measures the wait of queued reads on its clock', () => {
    let t = 0;
    const admission = createAdmission({ ...opts, reads: 1 }, () => t);
    const a = reader(admission);
    reader(admission);
    t = 250;
    a.slot.done();
    expect(admission.stats().totals).toMatchObject({ queued: 1, maxWaitMs: 250, waitMs: 250 });
  });
});
