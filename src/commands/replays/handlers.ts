import { z } from 'zod';
import type { EventStore, Position } from '../../eventstore/port.ts';
import { replayStreamName } from '../../events/replays.ts';
import { replayJobId, replaySessionJob } from '../../ingest/jobs/definitions.ts';
import type { JobSystem } from '../../jobs/system.ts';
import { handleCommand, type CommandDeps } from '../core/handle-command.ts';
import { parseCommandInput } from '../core/validation.ts';
import { replayDecider, type ReplayCommand, type ReplayState } from './decider.ts';

/**
 * The replay use cases. `requestSessionReplay` is what POST /admin/sessions/replay calls (the
 * route checks the admin role); the job (src/ingest/jobs/replay.ts) calls the others.
 */

export interface ReplayCommandDeps extends CommandDeps {
  eventStore: EventStore;
}

export const requestReplayInput = z.object({
  sessionId: z.coerce.number().int().positive(),
  actorId: z.string().min(1).nullish(),
});

export interface ReplayRequestOutcome {
  sessionId: number;
  run: number;
  status: 'queued' | 'running';
  /** false when a run of this session was already queued or running (nothing new appended). */
  created: boolean;
  /** Wait for the projections to pass it before showing the list (read-your-writes). */
  position: Position | null;
}

/**
 * ReplaySession (admin action behind POST /admin/sessions/replay): requests a replay of the
 * session and queues its `sessions.replay` job. Pass `notifyAppended` (JobSystem.notifyAppended)
 * so the session_replays read model shows the request. Idempotent while a run is
 * pending: a second request returns that run (and queues its job again, which the derived job
 * id makes a no-op — it also repairs a request whose first enqueue failed after the append).
 * Throws DomainError `invalid_input` (422) for a bad session id.
 */
export async function requestSessionReplay(
  deps: ReplayCommandDeps & { jobs: Pick<JobSystem, 'enqueue'> },
  input: { sessionId: number | string; actorId?: string | null },
): Promise<ReplayRequestOutcome> {
  const { sessionId, actorId } = parseCommandInput(requestReplayInput, input);
  const result = await handleCommand(
    deps.eventStore,
    replayStreamName(sessionId),
    replayDecider,
    { type: 'RequestReplay', data: { sessionId, requestedBy: actorId ?? null } },
    { ...deps, ...(actorId ? { actor: { type: 'user' as const, id: actorId } } : {}) },
  );
  const state = result.state;
  if (state.status !== 'queued' && state.status !== 'running') {
    throw new Error(`replay of session ${sessionId} is ${state.status} right after a request`);
  }
  // The job id is derived from (session, run): queuing a run twice adds one job.
  await deps.jobs.enqueue(
    replaySessionJob,
    { sessionId, run: state.run },
    { jobId: replayJobId(sessionId, state.run) },
  );
  return {
    sessionId,
    run: state.run,
    status: state.status,
    created: result.events.length > 0,
    position: result.position,
  };
}

/** Runs one replay command for the job; returns the state after it. */
export async function runReplayCommand(
  deps: ReplayCommandDeps,
  command: Exclude<ReplayCommand, { type: 'RequestReplay' }>,
): Promise<{ state: ReplayState; appended: boolean; position: Position | null }> {
  const result = await handleCommand(
    deps.eventStore,
    replayStreamName(command.data.sessionId),
    replayDecider,
    command,
    deps,
  );
  return {
    state: result.state,
    appended: result.events.length > 0,
    position: result.position,
  };
}
