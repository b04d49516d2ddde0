import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/runtime.ts';
import { waitForProjections } from '../projections/core/wait-for.ts';
import { racingResultsProjection } from '../projections/racing/results-projection.ts';
import { recruitmentProjection } from '../projections/recruitment/projection.ts';
import { teamsProjection } from '../projections/teams/projection.ts';
import type { RecruitmentCommandDeps } from '../commands/recruitment/handlers.ts';
import { listOpenProfiles } from '../queries/recruitment.ts';
import { DEMO_DRIVER_PROFILES, DEMO_TEAM_PROFILES, seedDemoRecruitment } from './recruitment.ts';
import { demoTeamId, demoTeams } from './teams.ts';

/** The demo recruitment profiles go through the commands, once: a second seed appends nothing. */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({
    label: 'demo-recruitment',
    projections: [recruitmentProjection, racingResultsProjection, teamsProjection],
    workers: { handlerFactories: [] },
  });
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

describe('demo recruitment profiles', () => {
  it('seeds about sixty open profiles linked to demo drivers and demo teams, idempotently', async () => {
    const deps: RecruitmentCommandDeps = {
      eventStore: db.runtime.eventStore,
      notifyAppended: (a) => db.runtime.jobs.notifyAppended(a.position, a.eventTypes),
    };
    const first = await seedDemoRecruitment(deps, () => [1000, 1001, 1002]);
    expect(first.created).toBe(DEMO_DRIVER_PROFILES + DEMO_TEAM_PROFILES);
    const again = await seedDemoRecruitment(deps, () => [1000, 1001, 1002]);
    expect(again).toMatchObject({ created: 0, skipped: first.created });
    expect(
      await waitForProjections(db.knex, ['recruitment'], first.position!, { timeoutMs: 10_000 }),
    ).toBe(true);
    const drivers = await listOpenProfiles(db.knex, { kind: 'driver' }, { limit: 100 });
    expect(drivers.items).toHaveLength(DEMO_DRIVER_PROFILES);
    expect(new Set(drivers.items.map((p) => p.custId))).toEqual(new Set([1000, 1001, 1002]));
    const teams = await listOpenProfiles(db.knex, { kind: 'team' }, { limit: 100 });
    expect(teams.items).toHaveLength(DEMO_TEAM_PROFILES);
    const teamIds = new Set(demoTeams.map((t) => demoTeamId(t.name)));
    expect(teams.items.every((p) => p.teamId !== null && teamIds.has(p.teamId))).toBe(true);
  });
});
