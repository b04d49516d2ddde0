import type { ReplayEvent } from '../../events/replays.ts';
import type { DecideContext, Decider } from '../core/decider.ts';

/**
 * The replay aggregate of one session (stream `replay-<sessionId>`), a sequence of runs.
 *
 * Decisions (all idempotent, so a repeated HTTP request or a re-delivered job changes nothing):
 *  - RequestReplay while a run is queued or running → nothing (that run covers it); otherwise a
 *    new run `n + 1` is requested.
 *  - StartReplay(run) → ReplayStarted when that run is the current one and queued or running
 *    (running again = a retried job attempt); a finished or superseded run → nothing.
 *  - CompleteReplay / FailReplay(run) → only for the current, unfinished run; else nothing.
 */

export type ReplayStatus = 'queued' | 'running' | 'done' | 'failed';

export type ReplayState =
  { status: 'none' } | { status: ReplayStatus; sessionId: number; run: number; attempts: number };

export type ReplayCommand =
  | { type: 'RequestReplay'; data: { sessionId: number; requestedBy: string | null } }
  | { type: 'StartReplay'; data: { sessionId: number; run: number; attempt: number } }
  | {
      type: 'CompleteReplay';
      data: {
        sessionId: number;
        run: number;
        subsessions: number;
        appended: number;
        corrected: number;
        failed: { subsessionId: number; reason: string }[];
      };
    }
  | { type: 'FailReplay'; data: { sessionId: number; run: number; reason: string } };

export const initialReplayState = (): ReplayState => ({ status: 'none' });

export function evolveReplay(state: ReplayState, event: ReplayEvent): ReplayState {
  switch (event.type) {
    case 'ReplayRequested':
      return {
        status: 'queued',
        sessionId: event.data.sessionId,
        run: event.data.run,
        attempts: 0,
      };
    case 'ReplayStarted':
      return state.status === 'none' || state.run !== event.data.run
        ? state
        : { ...state, status: 'running', attempts: event.data.attempt };
    case 'ReplayCompleted':
      return state.status === 'none' || state.run !== event.data.run
        ? state
        : { ...state, status: 'done' };
    case 'ReplayFailed':
      return state.status === 'none' || state.run !== event.data.run
        ? state
        : { ...state, status: 'failed' };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

const isCurrentAndOpen = (state: ReplayState, run: number) =>
  state.status !== 'none' &&
  state.run === run &&
  (state.status === 'queued' || state.status === 'running');

export function decideReplay(
  command: ReplayCommand,
  state: ReplayState,
  context: DecideContext,
): ReplayEvent[] {
  const at = context.now.toISOString();
  switch (command.type) {
    case 'RequestReplay': {
      if (state.status === 'queued' || state.status === 'running') return [];
      const run = state.status === 'none' ? 1 : state.run + 1;
      return [
        {
          type: 'ReplayRequested',
          data: {
            sessionId: command.data.sessionId,
            run,
            requestedBy: command.data.requestedBy,
            requestedAt: at,
          },
        },
      ];
    }
    case 'StartReplay':
      return isCurrentAndOpen(state, command.data.run)
        ? [{ type: 'ReplayStarted', data: { ...command.data, startedAt: at } }]
        : [];
    case 'CompleteReplay':
      return isCurrentAndOpen(state, command.data.run)
        ? [{ type: 'ReplayCompleted', data: { ...command.data, completedAt: at } }]
        : [];
    case 'FailReplay':
      return isCurrentAndOpen(state, command.data.run)
        ? [{ type: 'ReplayFailed', data: { ...command.data, failedAt: at } }]
        : [];
    default: {
      const _exhaustive: never = command;
      throw new TypeError(`Unknown replay command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

export const replayDecider: Decider<ReplayState, ReplayCommand, ReplayEvent> = {
  initialState: initialReplayState,
  evolve: evolveReplay,
  decide: decideReplay,
};
