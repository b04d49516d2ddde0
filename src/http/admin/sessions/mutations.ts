import { requestSessionReplay } from '../../../commands/replays/handlers.ts';
import { subsessionIdsOfSession } from '../../../queries/replays.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { adminCommandDeps, adminIdOf, jobsOf, settle, submitForm } from '../support.ts';
import { replaySessionForm } from './schema.ts';

export const adminSessionsPath = '/admin/sessions';

/**
 * POST /admin/sessions/replay: queues a replay of one session (re-fetch its subsessions from
 * the source, re-ingest them; unchanged results append nothing). Refused with a field error
 * when the id is not a positive whole number or no subsession of the session was ever
 * ingested (a replay re-fetches what Pitwall knows; it does not discover new sessions).
 * Idempotent while a run is queued or running: that run is reported, no second one starts.
 */
export const replayAdminSession: RouteHandler = (req, res, deps) =>
  submitForm(res, adminSessionsPath, async () => {
    const { sessionId } = replaySessionForm.parse(req.body ?? {});
    const known = await subsessionIdsOfSession(deps.knex, sessionId);
    if (known.length === 0) {
      res.inertia.back({
        errors: {
          sessionId: `Session ${sessionId} is unknown here: none of its subsessions has been ingested, so there is nothing to replay.`,
        },
        fallback: adminSessionsPath,
      });
      return;
    }
    const outcome = await requestSessionReplay(
      { ...(await adminCommandDeps(req, deps)), jobs: jobsOf(deps) },
      { sessionId, actorId: await adminIdOf(req, deps) },
    );
    await settle(deps, ['session_replays'], outcome.created ? outcome.position : null);
    res.inertia.flash(
      outcome.created
        ? { success: `Replay of session ${sessionId} queued (run ${outcome.run}).` }
        : {
            info: `Session ${sessionId} is already being replayed: run ${outcome.run} is ${outcome.status}.`,
          },
    );
    res.inertia.redirect(adminSessionsPath);
  });
