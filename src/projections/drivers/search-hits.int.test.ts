import { describe, expect, it } from 'vitest';
import { toLicense, type LicenseRow } from '../../queries/racing/shapes.ts';
import { NAMES_NEEDING_ESCAPES, useRacingDatabase } from '../racing/testing.ts';
import { LICENCE_JSON, writeSearchHits } from './search-hits.ts';
import { DRIVER_LICENSES_TABLE, DRIVER_SEARCH_HITS_TABLE, DRIVERS_TABLE } from './tables.ts';

/**
 * The stored search hit must be exactly the text JSON.stringify makes of the DTO the query layer
 * shapes from the same rows (the API sends it as it is): checked here for every value a licence
 * column can hold and for names that need escaping.
 */

const db = useRacingDatabase();

type Row = LicenseRow & { json: string };

async function licenceTexts(rows: string): Promise<Row[]> {
  const { rows: out } = await db.knex.raw<{ rows: Row[] }>(
    `SELECT l.*, ${LICENCE_JSON} AS json FROM (${rows}) l`,
  );
  return out;
}

const mismatches = (rows: Row[]) =>
  rows.filter((r) => r.json !== JSON.stringify(toLicense(r))).slice(0, 5);

describe('the stored licence text', () => {
  it('is the LicenseDto of every sub_level a licence row can hold', async () => {
    const rows = await licenceTexts(
      `SELECT 'oval'::text AS category, 1500 + s AS irating, s::smallint AS sub_level,
              20::smallint AS license_level, 5::smallint AS license_group, NULL::int AS tt_rating
         FROM generate_series(-32768, 32767) s`,
    );
    expect(rows).toHaveLength(65_536);
    expect(mismatches(rows)).toEqual([]);
  });

  it('is the LicenseDto of every licence level and group, known or not, and of NULLs', async () => {
    const rows = await licenceTexts(
      `SELECT c AS category, i AS irating, s::smallint AS sub_level,
              lv::smallint AS license_level, g::smallint AS license_group, tt AS tt_rating
         FROM unnest(ARRAY['sports_car', 'dirt_oval']) c,
              unnest(ARRAY[NULL, 0, 4321]::int[]) i,
              unnest(ARRAY[NULL, 0, 1, 99, 100, 250, 475, 499, -5]::int[]) s,
              (SELECT NULL::int AS lv UNION ALL SELECT generate_series(-2, 32)) lvs,
              (SELECT NULL::int AS g UNION ALL SELECT generate_series(-1, 9)) gs,
              unnest(ARRAY[NULL, 1350]::int[]) tt`,
    );
    expect(rows.length).toBeGreaterThan(40_000);
    expect(mismatches(rows)).toEqual([]);
  });
});

describe('the stored search hit', () => {
  it("is JSON.stringify of the driver's DTO, names escaped alike, licences by category", async () => {
    const names = ['Plain Name', ...NAMES_NEEDING_ESCAPES];
    await db.knex(DRIVERS_TABLE).insert(
      names.map((display_name, i) => ({
        cust_id: 500 + i,
        display_name,
        country_code: i % 2 === 0 ? null : 'D"E',
        name_as_of: new Date('2025-01-01T00:00:00Z'),
      })),
    );
    await db.knex(DRIVER_LICENSES_TABLE).insert(
      ['sports_car', 'oval', 'formula_car'].flatMap((category, c) =>
        names.slice(0, 4).map((_, i) => ({
          cust_id: 500 + i,
          category,
          irating: i === 1 ? null : 1000 + c,
          sub_level: 100 + 37 * i + c,
          license_level: 4 * c + i,
          license_group: i === 2 ? null : c + 1,
          tt_rating: c === 1 ? 1350 : null,
          as_of: new Date('2025-01-01T00:00:00Z'),
        })),
      ),
    );
    await writeSearchHits(db.knex, [500, 501, 502]);
    await writeSearchHits(db.knex, 'all');
    const drivers = await db.knex(DRIVERS_TABLE).orderBy('cust_id');
    const licences = await db
      .knex<LicenseRow & { cust_id: number }>(DRIVER_LICENSES_TABLE)
      .orderBy(['cust_id', 'category']);
    const hits = await db.knex(DRIVER_SEARCH_HITS_TABLE).orderBy('cust_id');
    expect(hits.map((h: { hit: string }) => h.hit)).toEqual(
      drivers.map((d: { cust_id: number; display_name: string; country_code: string | null }) =>
        JSON.stringify({
          custId: d.cust_id,
          displayName: d.display_name,
          countryCode: d.country_code,
          licenses: licences.filter((l) => l.cust_id === d.cust_id).map(toLicense),
        }),
      ),
    );
    expect(hits).toHaveLength(names.length);
  });
});
