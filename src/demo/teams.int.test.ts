import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catchUpForTest,
  createTestDatabase,
  type TestDatabase,
} from '../../tests/support/runtime.ts';
import { createTeam, loadTeam, updateTeam } from '../commands/teams/handlers.ts';
import { checkLogoImage } from '../files/inspect.ts';
import { loadFile, sha256Hex } from '../files/store.ts';
import { silentLogger } from '../projections/core/fixtures.test-support.ts';
import { createDriverTables } from '../projections/drivers/tables.ts';
import { teamsProjection } from '../projections/teams/projection.ts';
import { listTeams, teamLogoUrl } from '../queries/teams.ts';
import { demoTeamLogo } from './team-logo.ts';
import { demoTeamId, demoTeams, seedDemoTeams } from './teams.ts';

/**
 * The demo teams' logos go through the file store and the team commands: every demo team's
 * logo is a stored PNG the upload check accepts, the read model lists it, a second seed stores
 * and appends nothing, and a demo team seeded without a logo and never edited gets its own.
 */
let db: TestDatabase;
const deps = () => ({ knex: db.knex, eventStore: db.runtime.eventStore });

beforeAll(async () => {
  db = await createTestDatabase({ label: 'demo-teams', logger: silentLogger });
  await createDriverTables(db.knex); // the team list reads members' ratings
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

describe('demo team logos', () => {
  it('gives every demo team a stored PNG logo the list shows, and re-seeding changes nothing', async () => {
    // Two demo teams exist from a seed before logos: one untouched, one an admin edited.
    const [untouched, edited] = [demoTeams[0]!, demoTeams[1]!];
    for (const team of [untouched, edited])
      await createTeam(deps(), { teamId: demoTeamId(team.name), ...team, memberCustIds: [] });
    await updateTeam(deps(), { teamId: demoTeamId(edited.name), description: 'Edited.' });

    const seeded = await seedDemoTeams(deps(), () => []);
    expect(seeded.logosAdded).toEqual([untouched.name]);
    expect(seeded.created).toHaveLength(demoTeams.length - 2);

    for (const team of demoTeams) {
      const { state } = await loadTeam(db.runtime.eventStore, demoTeamId(team.name));
      if (state.status !== 'active') throw new Error(`${team.name} is ${state.status}`);
      if (team === edited) {
        expect(state.logo).toBeNull();
        continue;
      }
      const stored = await loadFile(db.knex, state.logo!.fileId);
      expect(stored).toMatchObject({
        kind: 'team_logo',
        mediaType: 'image/png',
        sha256: state.logo!.sha256,
        byteSize: state.logo!.byteSize,
      });
      expect(stored!.content.equals(demoTeamLogo(team))).toBe(true);
      expect(sha256Hex(stored!.content)).toBe(state.logo!.sha256);
      expect(await checkLogoImage(stored!.content)).toMatchObject({ ok: true });
    }

    const files = async () => Number((await db.knex('stored_files').count('* as n'))[0]!.n);
    const filesBefore = await files();
    const head = await db.runtime.eventStore.headPosition();
    expect(await seedDemoTeams(deps(), () => [])).toMatchObject({
      created: [],
      logosAdded: [],
      position: null,
    });
    expect(await files()).toBe(filesBefore);
    expect(await db.runtime.eventStore.headPosition()).toBe(head);

    await catchUpForTest({ ...deps(), logger: silentLogger }, [teamsProjection]);
    const list = await listTeams(db.knex, { page: 1, perPage: 50, sort: 'name' });
    expect(list.data).toHaveLength(demoTeams.length);
    for (const team of list.data) {
      const { state } = await loadTeam(db.runtime.eventStore, team.id);
      const sha = state.status === 'active' ? (state.logo?.sha256 ?? null) : null;
      expect([team.name, team.logoUrl]).toEqual([team.name, teamLogoUrl(team.slug, sha)]);
    }
    expect(list.data.filter((t) => t.logoUrl !== null)).toHaveLength(demoTeams.length - 1);
  });
});
