import type { Knex } from 'knex';
import { z } from 'zod';
import { handleJob, defineJob, type JobHandler } from '../jobs/define.ts';
import type { JobHandlerDeps } from '../jobs/handlers.ts';
import { profilesDueForExpiry } from '../queries/recruitment.ts';
import {
  runRecruitmentCommand,
  type RecruitmentCommandDeps,
} from '../commands/recruitment/handlers.ts';

/**
 * Expiry of recruitment profiles (docs/recruitment.md): a profile is open for 60 days from its
 * creation or last renewal. The `recruitment.expire` task runs every 15 minutes on the
 * `recruitment` queue: it reads the open profiles whose time has passed from the read model and
 * appends `ExpireRecruitmentProfile` on each owner's stream — the decider closes the profile
 * only if it is still open and still due (a renewal that came first wins), so a repeated or
 * overlapping run closes nothing twice.
 */

export const RECRUITMENT_QUEUE = 'recruitment';

export const expireRecruitmentProfilesJob = defineJob({
  name: 'recruitment.expire',
  queue: RECRUITMENT_QUEUE,
  schema: z.object({}),
  attempts: 3,
  backoffMs: 60_000,
  schedule: { everyMs: 15 * 60_000, data: {} },
});

export interface ExpiryReport {
  due: number;
  closed: number;
}

/** Closes every profile due at `now` (in batches of the query's limit), by appending events. */
export async function expireDueProfiles(
  deps: RecruitmentCommandDeps & { knex: Knex },
  now: Date,
  signal?: AbortSignal,
): Promise<ExpiryReport> {
  const report: ExpiryReport = { due: 0, closed: 0 };
  const seen = new Set<string>();
  for (;;) {
    const due = (await profilesDueForExpiry(deps.knex, now)).filter((p) => !seen.has(p.id));
    if (due.length === 0 || signal?.aborted) return report;
    for (const { id, ownerId } of due) {
      seen.add(id);
      report.due++;
      const outcome = await runRecruitmentCommand({ ...deps, now: () => now }, ownerId, {
        type: 'ExpireRecruitmentProfile',
        data: { profileId: id },
      });
      if (outcome.changed) report.closed++;
    }
  }
}

/** The handler of `recruitment.expire` (listed in job-handlers.ts). */
export function recruitmentJobHandlers(deps: JobHandlerDeps): JobHandler[] {
  return [
    handleJob(expireRecruitmentProfilesJob, async (_data, ctx) => {
      const report = await expireDueProfiles(
        {
          knex: deps.knex,
          eventStore: deps.eventStore,
          actor: { type: 'system', id: 'recruitment-expiry' },
          correlationId: ctx.jobId,
          notifyAppended: (a) => deps.jobs.notifyAppended(a.position, a.eventTypes),
        },
        new Date(),
        ctx.signal,
      );
      if (report.closed > 0) ctx.logger.info(report, 'expired recruitment profiles closed');
      return report;
    }),
  ];
}
