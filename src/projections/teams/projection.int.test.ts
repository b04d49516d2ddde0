import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { teamStreamName, type TeamEvent } from '../../events/team.ts';
import { createDriverTables, DRIVER_LICENSES_TABLE, DRIVERS_TABLE } from '../drivers/tables.ts';
import { getTeamBySlug, listTeams } from '../../queries/teams.ts';
import { useTestStore } from '../core/fixtures.test-support.ts';
import { rebuildProjection } from '../core/rebuild.ts';
import { teamsProjection } from './projection.ts';
import { TEAM_MEMBERS_TABLE, TEAM_SLUG_REDIRECTS_TABLE, TEAMS_TABLE } from './tables.ts';

/**
 * The teams read model fed through the real event store and runner (events as the team commands
 * write them); the queries read it joined with the racing drivers tables. A rebuild from the log
 * must reproduce every table row for row.
 */
const fx = useTestStore();
const at = '2026-03-01T10:00:00.000Z';

async function append(teamId: string, ...events: TeamEvent[]): Promise<void> {
  await fx.store.append(
    teamStreamName(teamId),
    events.map((e) => ({ id: randomUUID(), ...e, metadata: { occurredAt: at } })),
  );
}

function created(name: string, slug: string, memberCustIds: number[], tag: string | null = null) {
  const teamId = randomUUID();
  const event: TeamEvent = {
    type: 'TeamCreated',
    data: { teamId, name, slug, tag, description: null, links: [], memberCustIds, createdAt: at },
  };
  return { teamId, event };
}

const project = () => fx.project(teamsProjection);

async function snapshot() {
  const k = fx.db.knex;
  return {
    teams: await k(TEAMS_TABLE).orderBy('id'),
    members: await k(TEAM_MEMBERS_TABLE).orderBy(['team_id', 'cust_id']),
    redirects: await k(TEAM_SLUG_REDIRECTS_TABLE).orderBy('slug'),
  };
}

async function seedDrivers() {
  const k = fx.db.knex;
  await createDriverTables(k);
  const driver = (cust_id: number, display_name: string) => ({
    cust_id,
    display_name,
    country_code: 'DE',
    name_as_of: '2026-01-01T00:00:00Z',
  });
  await k(DRIVERS_TABLE).insert([
    driver(1, 'Ann Fast'),
    driver(2, 'Ben Quick'),
    driver(3, 'Cy Slow'),
  ]);
  const licence = (cust_id: number, irating: number) => ({
    cust_id,
    category: 'sports_car',
    irating,
    sub_level: 399,
    license_level: 20,
    license_group: 5,
    as_of: '2026-01-01T00:00:00Z',
  });
  await k(DRIVER_LICENSES_TABLE).insert([licence(1, 3000), licence(2, 2000), licence(3, 1000)]);
}

describe('teams projection and queries', () => {
  it('projects creates, renames and deletes, and a rebuild reproduces the same tables', async () => {
    await seedDrivers();
    // Tables first, so the events below go through the live runner's `apply`, then the rebuild.
    await rebuildProjection(fx.deps(), teamsProjection, { waitForLock: true });
    const fast = created('Fast Folks', 'fast-folks', [1, 2], 'FF');
    const big = created('Big Slow Team', 'big-slow-team', [3, 2, 1, 999_999]);
    const gone = created('Gone Soon', 'gone-soon', [3]);
    await append(fast.teamId, fast.event, {
      type: 'TeamUpdated',
      data: {
        teamId: fast.teamId,
        changes: {
          slug: 'fast-folks-esports',
          links: [{ label: 'Site', url: 'https://f.example' }],
          logo: {
            fileId: '00000000-0000-4000-8000-0000000000f1',
            fileName: 'fast.png',
            byteSize: 100,
            sha256: 'ab'.repeat(32),
            mediaType: 'image/png',
          },
        },
        previousSlug: 'fast-folks',
        updatedAt: at,
      },
    });
    await append(big.teamId, big.event);
    await append(gone.teamId, gone.event, {
      type: 'TeamDeleted',
      data: { teamId: gone.teamId, deletedAt: at },
    });
    await project();

    const before = await snapshot();
    expect(before.teams.map((t: { name: string }) => t.name).sort()).toEqual([
      'Big Slow Team',
      'Fast Folks',
    ]);
    expect(before.redirects).toEqual([{ slug: 'fast-folks', team_id: fast.teamId }]);
    expect(
      before.teams.map((t: { name: string; logo_file_id: string | null }) => [
        t.name,
        t.logo_file_id,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Fast Folks', '00000000-0000-4000-8000-0000000000f1'],
        ['Big Slow Team', null],
      ]),
    );
    expect(
      before.members.filter((m: { team_id: string }) => m.team_id === big.teamId),
    ).toHaveLength(4);

    await rebuildProjection(fx.deps(), teamsProjection, { waitForLock: true });
    expect(await snapshot()).toEqual(before);
  });

  it('sorts by members, by average iRating and by name, and searches name and tag', async () => {
    const k = fx.db.knex;
    const names = async (sort: 'members' | 'irating' | 'name', q?: string) =>
      (await listTeams(k, { page: 1, perPage: 10, sort, q })).data.map((t) => t.name);
    expect(await names('members')).toEqual(['Big Slow Team', 'Fast Folks']);
    expect(await names('irating')).toEqual(['Fast Folks', 'Big Slow Team']);
    expect(await names('name')).toEqual(['Big Slow Team', 'Fast Folks']);
    expect(await names('name', 'FF')).toEqual(['Fast Folks']);
    expect(await names('name', '100%_')).toEqual([]);

    const list = await listTeams(k, { page: 1, perPage: 10, sort: 'irating' });
    expect(list.data[0]).toMatchObject({
      averageIrating: 2500,
      ratedMembers: 2,
      memberCount: 2,
      tag: 'FF',
    });
    expect(list.data[1]).toMatchObject({ averageIrating: 2000, ratedMembers: 3, memberCount: 4 });
    expect(list.data.map((t) => t.logoUrl)).toEqual([
      `/teams/fast-folks-esports/logo?v=${'ab'.repeat(6)}`,
      null,
    ]);
    expect(list.meta).toEqual({ page: 1, perPage: 10, total: 2, lastPage: 1 });
  });

  it('finds a team by slug with live member licences, and a former slug as moved', async () => {
    const k = fx.db.knex;
    const found = await getTeamBySlug(k, 'big-slow-team');
    expect(found?.kind).toBe('team');
    if (found?.kind !== 'team') return;
    expect(found.team.members.map((m) => [m.custId, m.displayName])).toEqual([
      [3, 'Cy Slow'],
      [2, 'Ben Quick'],
      [1, 'Ann Fast'],
      [999_999, null],
    ]);
    expect(found.team.members[0]!.licenses[0]).toMatchObject({
      category: 'sports_car',
      irating: 1000,
      licence: 'A 3.99',
    });
    expect(await getTeamBySlug(k, 'fast-folks')).toEqual({
      kind: 'moved',
      slug: 'fast-folks-esports',
    });
    expect(await getTeamBySlug(k, 'gone-soon')).toBeNull();
  });
});
