import { requestSessionReplay } from '../../../commands/replays/handlers.ts';
import { subsessionIdsOfSession } from '../../../queries/replays.ts';
import { mutation, refuse } from '../../mutation.ts';
import { jobsOf } from '../support.ts';
import { replaySessionForm } from './schema.ts';

export const adminSessionsPath = '/admin/sessions';

/**
 * POST /admin/sessions/replay: queues a replay of one session (re-fetch its subsessions from
 * the source, re-ingest them; unchanged results append nothing). Refused with a field error
 * when the id is not a positive whole number or no subsession of the session was ever
 * ingested (a replay re-fetches what Pitwall knows; it does not discover new sessions).
 * Idempotent while a run is queued or running: that run is reported, no second one starts.
 */
export const replayAdminSession = mutation({
  input: replaySessionForm,
  form: adminSessionsPath,
  run: async ({ input: { sessionId }, deps, commandDeps, userId }) => {
    const known = await subsessionIdsOfSession(deps.knex, sessionId);
    if (known.length === 0) {
      refuse({
        sessionId: `Session ${sessionId} is unknown here: none of its subsessions has been ingested, so there is nothing to replay.`,
      });
    }
    const outcome = await requestSessionReplay(
      { ...commandDeps(), jobs: jobsOf(deps) },
      { sessionId, actorId: userId() },
    );
    return { ...outcome, changed: outcome.created };
  },
  projections: ['session_replays'],
  answer: ({ created, run, status }, { input: { sessionId } }) => ({
    flash: created
      ? { success: `Replay of session ${sessionId} queued (run ${run}).` }
      : { info: `Session ${sessionId} is already being replayed: run ${run} is ${status}.` },
    redirect: adminSessionsPath,
  }),
});
