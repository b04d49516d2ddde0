import { describe, expect, it } from 'vitest';
import { racingCategoryFromId, type DriverProfileData } from '../../events/racing.ts';
import {
  applyRacingEvents,
  asRecorded,
  buildSubsession,
  raceRow,
  readFixture,
  rowOf,
  rowsOf,
  useRacingDatabase,
} from '../racing/testing.ts';
import { toLicense, type LicenseRow } from '../../queries/racing/shapes.ts';
import {
  DRIVER_LICENSES_TABLE,
  DRIVER_SEARCH_HITS_TABLE,
  DRIVERS_TABLE,
  IRATING_BUCKETS_TABLE,
  IRATING_PERCENTILES_TABLE,
  LICENCE_CLASS_COUNTS_TABLE,
} from './tables.ts';

const db = useRacingDatabase();

interface FixtureLicence {
  category_id: number;
  license_level: number;
  safety_rating: number;
  group_id: number;
  irating?: number;
  tt_rating?: number;
  cpi?: number;
}

/** member/get fixture → DriverProfileRecorded payload (test-only mapping). */
function profileFromFixture(): DriverProfileData {
  const member = (
    readFixture('GetDriverInfoWithLicensesSuccessfulAsync', '2.json') as {
      members: {
        cust_id: number;
        display_name: string;
        member_since: string;
        flair_name: string;
        licenses: FixtureLicence[];
      }[];
    }
  ).members[0]!;
  return {
    custId: member.cust_id,
    displayName: member.display_name,
    memberSince: member.member_since,
    countryCode: null,
    flairName: member.flair_name,
    clubName: null,
    licenses: member.licenses.map((l) => ({
      category: racingCategoryFromId(l.category_id)!,
      licenseLevel: l.license_level,
      safetyRating: l.safety_rating,
      group: l.group_id,
      irating: l.irating ?? null,
      ttRating: l.tt_rating ?? null,
      cpi: l.cpi ?? null,
    })),
  };
}

const buckets = async (category: string): Promise<Record<string, unknown>> =>
  Object.fromEntries(
    (await rowsOf(db.knex, IRATING_BUCKETS_TABLE, { category }, ['bucket_start'])).map(
      (r) => [String(r.bucket_start), r.drivers] as const,
    ),
  );

describe('drivers read model', () => {
  it('records a member/get profile with a licence per category', async () => {
    await applyRacingEvents(
      db.knex,
      [{ type: 'DriverProfileRecorded', data: profileFromFixture() }],
      {
        occurredAt: '2025-09-24T00:00:00.000Z',
      },
    );
    expect(await rowOf(db.knex, DRIVERS_TABLE, { cust_id: 341554 })).toMatchObject({
      display_name: 'Driver 341554',
      flair_name: 'Australia',
      member_since: new Date('2018-09-30T00:00:00'),
    });
    const licences = await rowsOf(db.knex, DRIVER_LICENSES_TABLE, { cust_id: 341554 }, [
      'category',
    ]);
    expect(
      licences.map((l) => [l.category, l.irating, l.sub_level, l.license_level, l.license_group]),
    ).toEqual([
      ['dirt_oval', null, 250, 2, 1],
      ['dirt_road', 1376, 266, 6, 2],
      ['formula_car', 3270, 497, 20, 5],
      ['oval', null, 276, 2, 1],
      ['sports_car', 1759, 345, 19, 5],
    ]);
    expect(await buckets('formula_car')).toEqual({ 3200: 1 });
    expect(
      (await rowsOf(db.knex, LICENCE_CLASS_COUNTS_TABLE, {}, ['category', 'license_group'])).map(
        (r) => [r.category, r.license_group, r.drivers],
      ),
    ).toEqual([
      ['dirt_oval', 1, 1],
      ['dirt_road', 2, 1],
      ['formula_car', 5, 1],
      ['oval', 1, 1],
      ['sports_car', 5, 1],
    ]);
  });

  it('takes iRating and licence from newer races, never from older facts', async () => {
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 71,
          category: 'formula_car',
          startTime: '2025-10-01T18:00:00Z',
          race: [
            raceRow(341554, 1, {
              newIrating: 3333,
              newSubLevel: 410,
              newLicenseLevel: 20,
              countryCode: 'AU',
            }),
          ],
        }),
      },
    ]);
    expect(
      await rowOf(db.knex, DRIVER_LICENSES_TABLE, { cust_id: 341554, category: 'formula_car' }),
    ).toMatchObject({
      irating: 3333,
      sub_level: 410,
      license_group: 5,
    });
    expect(await rowOf(db.knex, DRIVERS_TABLE, { cust_id: 341554 })).toMatchObject({
      country_code: 'AU',
      flair_name: 'Australia',
    });
    expect(await buckets('formula_car')).toEqual({ 3300: 1 });

    // A race from 2024 ingested late does not overwrite the 2025 rating.
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 72,
          category: 'formula_car',
          startTime: '2024-01-01T18:00:00Z',
          race: [raceRow(341554, 1, { newIrating: 2000, displayName: 'Old Name' })],
        }),
      },
    ]);
    expect(
      await rowOf(db.knex, DRIVER_LICENSES_TABLE, { cust_id: 341554, category: 'formula_car' }),
    ).toMatchObject({ irating: 3333 });
    expect(await rowOf(db.knex, DRIVERS_TABLE, { cust_id: 341554 })).toMatchObject({
      display_name: 'Driver 341554',
    });
    expect(await buckets('formula_car')).toEqual({ 3300: 1 });
  });

  it('moves the distribution by delta and derives percentiles from the bucket counts', async () => {
    const rows = Array.from({ length: 100 }, (_, i) =>
      raceRow(10_000 + i, i + 1, { newIrating: 1000 + i * 10 }),
    );
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 81,
          category: 'oval',
          startTime: '2025-01-01T00:00:00Z',
          race: rows,
        }),
      },
    ]);
    // 1000..1990 in steps of 10: ten drivers per 100-point bucket.
    expect(Object.values(await buckets('oval'))).toEqual(Array(10).fill(10));
    const pct = async (): Promise<Record<string, unknown>> =>
      Object.fromEntries(
        (
          await rowsOf(db.knex, IRATING_PERCENTILES_TABLE, { category: 'oval' }, ['percentile'])
        ).map((r) => [String(r.percentile), r.irating] as const),
      );
    expect(await pct()).toMatchObject({ 10: 1100, 50: 1500, 90: 1900, 99: 1990 });

    // Twenty drivers climb from the 1000s into a new 2500 bucket: old buckets lose them.
    const movers = rows.slice(0, 20).map((r) => ({ ...r, newIrating: 2550 }));
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 82,
          category: 'oval',
          startTime: '2025-02-01T00:00:00Z',
          race: movers,
        }),
      },
    ]);
    const after = await buckets('oval');
    expect(after[1000]).toBeUndefined();
    expect(after[1100]).toBeUndefined();
    expect(after[2500]).toBe(20);
    expect(Object.values(after).reduce((a, b) => Number(a) + Number(b), 0)).toBe(100);
    expect((await pct())[99]).toBe(2595);
    // The class counts follow the licences the races rewrote.
    const { rows: counted } = await db.knex.raw<{ rows: { license_group: number; n: number }[] }>(
      `SELECT license_group, count(*)::int AS n FROM ${DRIVER_LICENSES_TABLE}
        WHERE category = 'oval' AND license_group IS NOT NULL AND sub_level IS NOT NULL
        GROUP BY 1 ORDER BY 1`,
    );
    expect(counted.length).toBeGreaterThan(0);
    expect(
      (
        await rowsOf(db.knex, LICENCE_CLASS_COUNTS_TABLE, { category: 'oval' }, ['license_group'])
      ).map((r) => ({ license_group: r.license_group, n: r.drivers })),
    ).toEqual(counted);
  });

  it("copies the driver's country onto every licence row, and moves it when the driver moves", async () => {
    const country = async () =>
      (await rowsOf(db.knex, DRIVER_LICENSES_TABLE, { cust_id: 91_000 }, ['category'])).map((r) => [
        r.category,
        r.country_code,
      ]);
    const raceIn = (
      subsessionId: number,
      category: 'oval' | 'dirt_road',
      startTime: string,
      code: string,
    ) => ({
      type: 'SubsessionResultsRecorded' as const,
      data: buildSubsession({
        subsessionId,
        category,
        startTime,
        race: [raceRow(91_000, 1, { newIrating: 1500, countryCode: code })],
      }),
    });
    await applyRacingEvents(db.knex, [
      raceIn(91, 'oval', '2025-03-01T00:00:00Z', 'DE'),
      raceIn(92, 'dirt_road', '2025-03-02T00:00:00Z', 'DE'),
    ]);
    expect(await country()).toEqual([
      ['dirt_road', 'DE'],
      ['oval', 'DE'],
    ]);
    // A newer race in one category says the driver now races for Austria: both rows follow.
    await applyRacingEvents(db.knex, [raceIn(93, 'oval', '2025-03-09T00:00:00Z', 'AT')]);
    expect(await country()).toEqual([
      ['dirt_road', 'AT'],
      ['oval', 'AT'],
    ]);
    // An older race of another country changes neither the driver nor the licences.
    await applyRacingEvents(db.knex, [raceIn(94, 'dirt_road', '2025-01-01T00:00:00Z', 'CH')]);
    expect(await country()).toEqual([
      ['dirt_road', 'AT'],
      ['oval', 'AT'],
    ]);
  });

  it('keeps the newest profile fields when a batch holds several observations', async () => {
    const p = profileFromFixture();
    await applyRacingEvents(db.knex, [
      ...asRecorded(
        [
          {
            type: 'DriverProfileRecorded',
            data: { ...p, custId: 5, displayName: 'Newer', clubName: null },
          },
        ],
        '2025-06-01T00:00:00.000Z',
      ),
      ...asRecorded(
        [
          {
            type: 'DriverProfileRecorded',
            data: { ...p, custId: 5, displayName: 'Older', clubName: 'Australia/NZ' },
          },
        ],
        '2025-01-01T00:00:00.000Z',
      ),
    ]);
    expect(await rowOf(db.knex, DRIVERS_TABLE, { cust_id: 5 })).toMatchObject({
      display_name: 'Newer',
      club_name: 'Australia/NZ',
    });
  });

  it('puts a new driver straight into the name search index, leaving no pending list', async () => {
    await applyRacingEvents(
      db.knex,
      [
        {
          type: 'DriverProfileRecorded',
          data: {
            ...profileFromFixture(),
            custId: 77001,
            licenses: [],
            displayName: 'Pending Listwalker',
          },
        },
      ],
      { occurredAt: '2025-09-25T00:00:00.000Z' },
    );
    // The pages a vacuum would have to merge from GIN's pending list: none, so searches read
    // only the index and the planner does not prefer a scan of every name.
    const { rows } = await db.knex.raw<{ rows: { pending: number }[] }>(
      `SELECT gin_clean_pending_list('racing_drivers_name_trgm'::regclass)::int AS pending`,
    );
    expect(rows[0]!.pending).toBe(0);
    const { rows: hits } = await db.knex.raw<{ rows: { cust_id: number }[] }>(
      `SELECT cust_id FROM ${DRIVERS_TABLE} WHERE display_name ILIKE '%listwalk%'`,
    );
    expect(hits).toEqual([{ cust_id: 77001 }]);
  });

  it("keeps each driver's search hit the JSON of the DTO of its rows, through every batch above", async () => {
    const drivers = await rowsOf(db.knex, DRIVERS_TABLE, {}, ['cust_id']);
    const licences = await rowsOf(db.knex, DRIVER_LICENSES_TABLE, {}, ['cust_id', 'category']);
    const hits = await rowsOf(db.knex, DRIVER_SEARCH_HITS_TABLE, {}, ['cust_id']);
    expect(drivers.length).toBeGreaterThan(3);
    expect(hits.map((h) => [h.cust_id, h.hit])).toEqual(
      drivers.map((d) => [
        d.cust_id,
        JSON.stringify({
          custId: d.cust_id,
          displayName: d.display_name,
          countryCode: d.country_code,
          licenses: licences
            .filter((l) => l.cust_id === d.cust_id)
            .map((l) => toLicense(l as unknown as LicenseRow)),
        }),
      ]),
    );
  });
});
