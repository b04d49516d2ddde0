import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  recruitmentStreamName,
  type RecruitmentEvent,
  type RecruitmentProfileFields,
} from '../../events/recruitment.ts';
import {
  getProfile,
  listOpenProfiles,
  profilesDueForExpiry,
  profilesOfOwner,
} from '../../queries/recruitment.ts';
import { InvalidQueryError } from '../../queries/racing/paging.ts';
import { useTestStore } from '../core/fixtures.test-support.ts';
import { rebuildProjection } from '../core/rebuild.ts';
import { createDriverTables } from '../drivers/tables.ts';
import { teamsProjection } from '../teams/projection.ts';
import { recruitmentProjection } from './projection.ts';
import { RECRUITMENT_PROFILES_TABLE } from './tables.ts';

/**
 * The recruitment read model fed through the real event store and runner (events as the
 * recruitment commands write them); the queries read it. A rebuild from the log must reproduce
 * the table row for row.
 */
const fx = useTestStore();
// The board joins the racing and team read models for its live figures.
beforeAll(async () => {
  await fx.db.knex.transaction(async (trx) => {
    await createDriverTables(trx);
    await teamsProjection.createTables(trx);
  });
});
const alice = randomUUID();
const bob = randomUUID();
let clock = new Date('2026-06-01T10:00:00.000Z');
const at = () => clock.toISOString();
const in60Days = () => new Date(clock.getTime() + 60 * 86_400_000).toISOString();

async function append(ownerId: string, event: RecruitmentEvent): Promise<void> {
  await fx.store.append(recruitmentStreamName(ownerId), [
    { id: randomUUID(), ...event, metadata: { occurredAt: at() } },
  ]);
}

const base: RecruitmentProfileFields = {
  title: 'Driver looking for a team',
  description: 'Clean and consistent, looking for regular practice and races.',
  categories: ['sports_car' as const],
  seriesIds: [228],
  availability: { timeZone: 'Europe/Berlin', days: ['sat' as const], format: 'sprint' as const },
  languages: ['en'],
  contact: null,
  custId: 101,
  teamId: null,
  requirements: [],
};

async function create(
  ownerId: string,
  over: Partial<RecruitmentProfileFields> & { kind?: 'driver' | 'team' } = {},
): Promise<string> {
  const profileId = randomUUID();
  await append(ownerId, {
    type: 'RecruitmentProfileCreated',
    data: {
      profileId,
      ownerId,
      kind: 'driver',
      ...base,
      ...over,
      createdAt: at(),
      expiresAt: in60Days(),
    },
  });
  return profileId;
}

const project = () => fx.project(recruitmentProjection);

const advance = (days: number) => {
  clock = new Date(clock.getTime() + days * 86_400_000);
};

describe('recruitment read model', () => {
  const ids: Record<string, string> = {};

  it('lists open profiles of a kind newest first, filtered and keyset-paged', async () => {
    ids.oldest = await create(alice, { languages: ['de'], categories: ['oval'] });
    advance(1);
    ids.middle = await create(alice, { seriesIds: [] });
    advance(1);
    ids.newest = await create(alice);
    ids.team = await create(bob, {
      kind: 'team',
      custId: null,
      requirements: [{ category: 'sports_car', minIRating: 2500, minLicence: 'B' }],
    });
    await project();

    const first = await listOpenProfiles(fx.db.knex, { kind: 'driver' }, { limit: 2 });
    expect(first.items.map((p) => p.id)).toEqual([ids.newest, ids.middle]);
    expect(first.nextCursor).not.toBeNull();
    const second = await listOpenProfiles(
      fx.db.knex,
      { kind: 'driver' },
      { limit: 2, cursor: first.nextCursor },
    );
    expect(second.items.map((p) => p.id)).toEqual([ids.oldest]);
    expect(second.nextCursor).toBeNull();

    const byLanguage = await listOpenProfiles(fx.db.knex, { kind: 'driver', language: 'de' });
    expect(byLanguage.items.map((p) => p.id)).toEqual([ids.oldest]);
    const byCategory = await listOpenProfiles(fx.db.knex, {
      kind: 'driver',
      category: 'sports_car',
    });
    expect(byCategory.items.map((p) => p.id)).toEqual([ids.newest, ids.middle]);
    const bySeries = await listOpenProfiles(fx.db.knex, { kind: 'driver', seriesId: 228 });
    expect(bySeries.items.map((p) => p.id)).toEqual([ids.newest, ids.oldest]);

    const teams = await listOpenProfiles(fx.db.knex, { kind: 'team' });
    expect(teams.items).toEqual([
      expect.objectContaining({
        id: ids.team,
        ownerId: bob,
        custId: null,
        hasContact: false,
        requirements: [{ category: 'sports_car', minIRating: 2500, minLicence: 'B' }],
      }),
    ]);
    await expect(
      listOpenProfiles(fx.db.knex, { kind: 'driver' }, { cursor: 'not-a-cursor' }),
    ).rejects.toBeInstanceOf(InvalidQueryError);
  });

  it('shows edits, takes closed profiles off the board but keeps them in the owner list', async () => {
    await append(alice, {
      type: 'RecruitmentProfileEdited',
      data: {
        profileId: ids.middle!,
        changes: { title: 'Sprint driver, weekends' },
        editedAt: at(),
      },
    });
    await append(alice, {
      type: 'RecruitmentProfileClosed',
      data: { profileId: ids.newest!, reason: 'owner', closedAt: at() },
    });
    await project();
    expect((await getProfile(fx.db.knex, ids.middle!))?.title).toBe('Sprint driver, weekends');
    const board = await listOpenProfiles(fx.db.knex, { kind: 'driver' });
    expect(board.items.map((p) => p.id)).toEqual([ids.middle, ids.oldest]);
    const mine = await profilesOfOwner(fx.db.knex, alice);
    expect(mine.map((p) => [p.id, p.status])).toEqual([
      [ids.middle, 'open'],
      [ids.oldest, 'open'],
      [ids.newest, 'closed'],
    ]);
    expect(mine[2]?.closeReason).toBe('owner');
  });

  it('finds the profiles due for expiry; an expired one leaves the board', async () => {
    await append(alice, {
      type: 'RecruitmentProfileRenewed',
      data: { profileId: ids.middle!, reopened: false, renewedAt: at(), expiresAt: in60Days() },
    });
    await project();
    advance(59); // oldest is now 61 days old, middle was renewed 59 days ago
    const due = await profilesDueForExpiry(fx.db.knex, clock);
    expect(due).toEqual([{ id: ids.oldest, ownerId: alice }]);
    for (const { id, ownerId } of due) {
      await append(ownerId, {
        type: 'RecruitmentProfileClosed',
        data: { profileId: id, reason: 'expired', closedAt: at() },
      });
    }
    await project();
    const board = await listOpenProfiles(fx.db.knex, { kind: 'driver' });
    expect(board.items.map((p) => p.id)).toEqual([ids.middle]);
    expect(await getProfile(fx.db.knex, ids.oldest!)).toMatchObject({
      status: 'closed',
      closeReason: 'expired',
    });
    expect(await profilesDueForExpiry(fx.db.knex, clock)).toEqual([]);
  });

  it('removes a deleted profile and every profile of a deleted account', async () => {
    await append(alice, {
      type: 'RecruitmentProfileDeleted',
      data: { profileId: ids.middle!, by: 'owner', deletedAt: at() },
    });
    await fx.store.append(`user-${bob}`, [
      {
        id: randomUUID(),
        type: 'UserDeleted',
        data: { userId: bob, deletedAt: clock.toISOString() },
        metadata: { occurredAt: clock.toISOString() },
      },
    ]);
    await project();
    expect(await getProfile(fx.db.knex, ids.middle!)).toBeNull();
    expect(await profilesOfOwner(fx.db.knex, bob)).toEqual([]);
    expect((await listOpenProfiles(fx.db.knex, { kind: 'team' })).items).toEqual([]);
  });

  it('rebuilds from the log to the same rows', async () => {
    const live = await fx.db.knex(RECRUITMENT_PROFILES_TABLE).orderBy('id');
    expect(live.length).toBe(2);
    const rebuilt = await rebuildProjection(fx.deps(), recruitmentProjection, {
      waitForLock: true,
    });
    expect(rebuilt.kind).toBe('rebuilt');
    expect(await fx.db.knex(RECRUITMENT_PROFILES_TABLE).orderBy('id')).toEqual(live);
  });
});
