import { describe, it } from 'vitest';
import { deciderSpecification } from '../../commands/core/testing.ts';
import { replayDecider, type ReplayCommand } from '../../commands/replays/decider.ts';
import type { ReplayEvent } from '../../events/replays.ts';

const now = new Date('2025-11-02T10:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpecification(replayDecider, { now });

const request: ReplayCommand = {
  type: 'RequestReplay',
  data: { sessionId: 7, requestedBy: 'admin-1' },
};
const requested = (run: number): ReplayEvent => ({
  type: 'ReplayRequested',
  data: { sessionId: 7, run, requestedBy: 'admin-1', requestedAt: at },
});
const start = (run: number, attempt = 1): ReplayCommand => ({
  type: 'StartReplay',
  data: { sessionId: 7, run, attempt },
});
const started = (run: number, attempt = 1): ReplayEvent => ({
  type: 'ReplayStarted',
  data: { sessionId: 7, run, attempt, startedAt: at },
});
const complete = (run: number): ReplayCommand => ({
  type: 'CompleteReplay',
  data: { sessionId: 7, run, subsessions: 3, appended: 0, corrected: 0, failed: [] },
});
const completed = (run: number): ReplayEvent => ({
  type: 'ReplayCompleted',
  data: {
    sessionId: 7,
    run,
    subsessions: 3,
    appended: 0,
    corrected: 0,
    failed: [],
    completedAt: at,
  },
});
const fail = (run: number): ReplayCommand => ({
  type: 'FailReplay',
  data: { sessionId: 7, run, reason: 'nope' },
});

describe('replay decider', () => {
  it('requests run 1, then run n + 1 once the previous run finished', () => {
    spec
      .given([])
      .when(request)
      .then([requested(1)]);
    spec
      .given([requested(1), started(1), completed(1)])
      .when(request)
      .then([requested(2)]);
    spec
      .given([
        requested(1),
        started(1),
        { type: 'ReplayFailed', data: { sessionId: 7, run: 1, reason: 'x', failedAt: at } },
      ])
      .when(request)
      .then([requested(2)]);
  });

  it('does nothing for a request while a run is queued or running (the pending run covers it)', () => {
    spec
      .given([requested(1)])
      .when(request)
      .thenNothingHappened();
    spec
      .given([requested(1), started(1)])
      .when(request)
      .thenNothingHappened();
  });

  it('starts the current run, again for a retried attempt, never a finished or superseded one', () => {
    spec
      .given([requested(1)])
      .when(start(1))
      .then([started(1)]);
    spec
      .given([requested(1), started(1)])
      .when(start(1, 2))
      .then([started(1, 2)]);
    spec
      .given([requested(1), started(1), completed(1)])
      .when(start(1, 2))
      .thenNothingHappened();
    spec
      .given([requested(1), started(1), completed(1), requested(2)])
      .when(start(1))
      .thenNothingHappened();
  });

  it('completes or fails only the current unfinished run', () => {
    spec
      .given([requested(1), started(1)])
      .when(complete(1))
      .then([completed(1)]);
    spec
      .given([requested(1), started(1), completed(1)])
      .when(complete(1))
      .thenNothingHappened();
    spec
      .given([requested(1), started(1), completed(1)])
      .when(fail(1))
      .thenNothingHappened();
    spec
      .given([requested(1)])
      .when(fail(1))
      .then([
        { type: 'ReplayFailed', data: { sessionId: 7, run: 1, reason: 'nope', failedAt: at } },
      ]);
  });
});
