import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/runtime.ts';
import { waitForProjections } from '../projections/core/wait-for.ts';
import { racingResultsProjection } from '../projections/racing/results-projection.ts';
import { recruitmentProjection } from '../projections/recruitment/projection.ts';
import { teamsProjection } from '../projections/teams/projection.ts';
import { getProfile, listOpenProfiles } from '../queries/recruitment.ts';
import { expireRecruitmentProfilesJob, recruitmentJobHandlers } from './recruitment-expiry.ts';
import { runRecruitmentCommand } from '../commands/recruitment/handlers.ts';

/**
 * The expiry job on the real job system: a BullMQ worker runs `recruitment.expire`, which
 * appends `ExpireRecruitmentProfile` for every profile past its 60 days; the projection closes
 * it and the board no longer lists it. A profile still inside its time, or renewed, stays open.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({
    label: 'recruitment-expiry',
    projections: [recruitmentProjection, racingResultsProjection, teamsProjection],
    workers: { handlerFactories: [recruitmentJobHandlers] },
  });
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

const DAY = 86_400_000;
const fields = {
  title: 'Driver looking for a team',
  description: 'Clean and consistent, looking for regular practice and races.',
  categories: ['oval' as const],
  availability: { timeZone: 'UTC', days: ['mon' as const], format: 'both' as const },
  languages: ['en'],
  custId: 4242,
};

async function createAt(ownerId: string, at: Date) {
  const profileId = randomUUID();
  const outcome = await runRecruitmentCommand(
    { eventStore: db.runtime.eventStore, now: () => at },
    ownerId,
    { type: 'CreateRecruitmentProfile', data: { profileId, ownerId, kind: 'driver', ...fields } },
  );
  return { profileId, position: outcome.position! };
}

const board = async () =>
  (await listOpenProfiles(db.knex, { kind: 'driver' })).items.map((p) => p.id);

/** Until `check` holds (the job and the projection run in the background), at most 20 s. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the condition did not hold within 20 s');
}

describe('the recruitment expiry job', () => {
  it('closes a profile open for more than 60 days, which leaves the board; others stay', async () => {
    const owner = randomUUID();
    const now = Date.now();
    const old = await createAt(owner, new Date(now - 61 * DAY));
    const renewed = await createAt(owner, new Date(now - 61 * DAY));
    await runRecruitmentCommand(
      { eventStore: db.runtime.eventStore, now: () => new Date(now - DAY) },
      owner,
      { type: 'RenewRecruitmentProfile', data: { profileId: renewed.profileId } },
    );
    const fresh = await createAt(owner, new Date(now - 10 * DAY));
    await db.runtime.jobs.notifyAppended(fresh.position, ['RecruitmentProfileCreated']);
    expect(
      await waitForProjections(db.knex, ['recruitment'], fresh.position, { timeoutMs: 10_000 }),
    ).toBe(true);
    expect((await board()).sort()).toEqual(
      [old.profileId, renewed.profileId, fresh.profileId].sort(),
    );

    await db.runtime.jobs.enqueue(expireRecruitmentProfilesJob, {});
    await eventually(async () => (await getProfile(db.knex, old.profileId))?.status === 'closed');

    expect(await getProfile(db.knex, old.profileId)).toMatchObject({
      status: 'closed',
      closeReason: 'expired',
    });
    expect((await board()).sort()).toEqual([renewed.profileId, fresh.profileId].sort());
    const stream = await db.runtime.eventStore.readStream(`recruitment-${owner}`);
    expect(stream.map((e) => e.type)).toEqual([
      'RecruitmentProfileCreated',
      'RecruitmentProfileCreated',
      'RecruitmentProfileRenewed',
      'RecruitmentProfileCreated',
      'RecruitmentProfileClosed',
    ]);
  });
});
