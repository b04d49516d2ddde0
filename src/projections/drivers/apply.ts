import type { Knex } from 'knex';
import { licenceFromLevel } from '../../domain/licence.ts';
import { col, rowsSource, type Column } from '../racing/bulk.ts';
import { primarySimsession } from '../racing/batch.ts';
import type { PartContext } from '../racing/part.ts';
import { writeSearchHits } from './search-hits.ts';
import {
  DRIVER_LICENSES_TABLE,
  DRIVERS_TABLE,
  IRATING_BUCKET_WIDTH,
  IRATING_BUCKETS_TABLE,
  IRATING_PERCENTILES,
  IRATING_PERCENTILES_TABLE,
  LICENCE_CLASS_COUNTS_TABLE,
} from './tables.ts';

export interface DriverFact {
  custId: number;
  displayName: string;
  countryCode: string | null;
  clubName: string | null;
  flairName: string | null;
  memberSince: string | null;
  asOf: string;
}

export interface LicenseFact {
  custId: number;
  category: string;
  irating: number | null;
  subLevel: number | null;
  licenseLevel: number | null;
  licenseGroup: number | null;
  ttRating: number | null;
  cpi: number | null;
  asOf: string;
}

/** Licence group per level (index), null for a level outside 1..28; looked up per result row. */
const GROUP_OF_LEVEL: readonly (number | null)[] = Array.from({ length: 64 }, (_, level) => {
  try {
    return licenceFromLevel(level).group;
  } catch {
    return null;
  }
});

function groupOfLevel(level: number | null): number | null {
  if (level === null) return null;
  return Number.isInteger(level) && level >= 0 && level < GROUP_OF_LEVEL.length
    ? (GROUP_OF_LEVEL[level] ?? null)
    : null;
}

/**
 * The newest fact per driver and per (driver, category) in the batch. "Newest" is the time the
 * fact was true: a race's start for result rows, the observation time for profiles. Older facts
 * of a driver fill only fields the newer one leaves null (names never go back in time). Ratings
 * come from every result event, superseded ones too: a correction that drops a driver does not
 * take back what the driver's row said (the next race or profile does).
 */
export function driverFacts(ctx: PartContext): { drivers: DriverFact[]; licenses: LicenseFact[] } {
  const drivers = new Map<number, DriverFact>();
  const licenses = new Map<string, LicenseFact>();
  const putDriver = (f: DriverFact) => {
    const prev = drivers.get(f.custId);
    if (!prev) return void drivers.set(f.custId, f);
    const [older, newer] = prev.asOf <= f.asOf ? [prev, f] : [f, prev];
    drivers.set(f.custId, {
      ...newer,
      countryCode: newer.countryCode ?? older.countryCode,
      clubName: newer.clubName ?? older.clubName,
      flairName: newer.flairName ?? older.flairName,
      memberSince: newer.memberSince ?? older.memberSince,
    });
  };
  const putLicense = (f: LicenseFact) => {
    const key = `${f.custId}:${f.category}`;
    const prev = licenses.get(key);
    if (!prev || prev.asOf <= f.asOf) licenses.set(key, f);
  };

  for (const data of ctx.batch.allResults) {
    const asOf = new Date(data.startTime).toISOString();
    for (const r of primarySimsession(data)?.results ?? []) {
      putDriver({
        custId: r.custId,
        displayName: r.displayName,
        countryCode: r.countryCode,
        clubName: r.clubName,
        flairName: null,
        memberSince: null,
        asOf,
      });
      if (r.newIrating === null && r.newLicenseLevel === null) continue;
      putLicense({
        custId: r.custId,
        category: data.category,
        irating: r.newIrating,
        subLevel: r.newSubLevel,
        licenseLevel: r.newLicenseLevel,
        licenseGroup: groupOfLevel(r.newLicenseLevel),
        ttRating: null,
        cpi: null,
        asOf,
      });
    }
  }
  for (const { data, asOf: observed } of ctx.batch.profiles) {
    const asOf = new Date(observed).toISOString();
    putDriver({
      custId: data.custId,
      displayName: data.displayName,
      countryCode: data.countryCode,
      clubName: data.clubName,
      flairName: data.flairName,
      memberSince: data.memberSince,
      asOf,
    });
    for (const l of data.licenses) {
      putLicense({
        custId: data.custId,
        category: l.category,
        irating: l.irating,
        subLevel: Math.round(l.safetyRating * 100),
        licenseLevel: l.licenseLevel,
        licenseGroup: l.group,
        ttRating: l.ttRating,
        cpi: l.cpi,
        asOf,
      });
    }
  }
  return { drivers: [...drivers.values()], licenses: [...licenses.values()] };
}

export const driverColumns: Column<DriverFact>[] = [
  col('cust_id', 'int4', (d) => d.custId),
  col('display_name', 'text', (d) => d.displayName),
  col('country_code', 'text', (d) => d.countryCode),
  col('club_name', 'text', (d) => d.clubName),
  col('flair_name', 'text', (d) => d.flairName),
  col('member_since', 'date', (d) => d.memberSince),
  col('name_as_of', 'timestamptz', (d) => d.asOf),
];

export const licenseColumns: Column<LicenseFact>[] = [
  col('cust_id', 'int4', (l) => l.custId),
  col('category', 'text', (l) => l.category),
  col('irating', 'int4', (l) => l.irating),
  col('sub_level', 'int2', (l) => l.subLevel),
  col('license_level', 'int2', (l) => l.licenseLevel),
  col('license_group', 'int2', (l) => l.licenseGroup),
  col('tt_rating', 'int4', (l) => l.ttRating),
  col('cpi', 'float8', (l) => l.cpi),
  col('as_of', 'timestamptz', (l) => l.asOf),
];

export async function applyDrivers(trx: Knex.Transaction, ctx: PartContext): Promise<void> {
  const { drivers, licenses } = driverFacts(ctx);
  await upsertDrivers(trx, drivers);
  if (licenses.length > 0) {
    const categories = await upsertLicensesAndBuckets(trx, licenses);
    if (categories.length > 0) await recomputePercentiles(trx, categories);
    await recountLicenceClasses(trx, [...new Set(licenses.map((l) => l.category))]);
  }
  // Every licence fact comes with a fact of its driver, so the batch's drivers are all the rows
  // whose country may have changed (a new licence row, or a driver whose country did), and all
  // whose search hit may have.
  const custIds = drivers.map((d) => d.custId);
  await copyCountryToLicences(trx, custIds);
  await writeSearchHits(trx, custIds);
}

/**
 * The driver's country onto each of the driver's licence rows that does not carry it yet (one
 * primary-key range per driver; rows already equal are not rewritten).
 */
async function copyCountryToLicences(trx: Knex.Transaction, custIds: number[]): Promise<void> {
  if (custIds.length === 0) return;
  await trx.raw(
    `UPDATE ${DRIVER_LICENSES_TABLE} l SET country_code = d.country_code
       FROM ${DRIVERS_TABLE} d
      WHERE d.cust_id = ANY(?::int4[]) AND l.cust_id = d.cust_id
        AND l.country_code IS DISTINCT FROM d.country_code`,
    [custIds],
  );
}

/**
 * Most result rows repeat what racing_drivers already says; the NOT EXISTS filter drops them
 * before the upsert, so they cost one index probe instead of a row lock (and never touch the
 * GIN index). Older facts never overwrite newer ones (name_as_of).
 */
async function upsertDrivers(trx: Knex.Transaction, drivers: DriverFact[]): Promise<void> {
  if (drivers.length === 0) return;
  const d = DRIVERS_TABLE;
  const list = driverColumns.map((c) => c.name).join(', ');
  const { sql: source, bindings } = rowsSource(driverColumns, drivers);
  await trx.raw(
    `INSERT INTO ${d} (${list})
     SELECT ${list} FROM ${source}
      WHERE NOT EXISTS (
        SELECT 1 FROM ${d} x
         WHERE x.cust_id = src.cust_id
           AND (x.name_as_of > src.name_as_of
             OR (x.display_name = src.display_name
               AND (src.country_code IS NULL OR x.country_code IS NOT DISTINCT FROM src.country_code)
               AND (src.club_name IS NULL OR x.club_name IS NOT DISTINCT FROM src.club_name)
               AND (src.flair_name IS NULL OR x.flair_name IS NOT DISTINCT FROM src.flair_name)
               AND (src.member_since IS NULL OR x.member_since IS NOT DISTINCT FROM src.member_since))))
     ON CONFLICT (cust_id) DO UPDATE SET
       display_name = excluded.display_name,
       country_code = COALESCE(excluded.country_code, ${d}.country_code),
       club_name = COALESCE(excluded.club_name, ${d}.club_name),
       flair_name = COALESCE(excluded.flair_name, ${d}.flair_name),
       member_since = COALESCE(excluded.member_since, ${d}.member_since),
       name_as_of = excluded.name_as_of
     WHERE ${d}.name_as_of <= excluded.name_as_of`,
    bindings,
  );
}

/**
 * Upserts the licences (newer facts only) and moves the distribution by the change of each
 * rewritten row, in one statement: an update keeps the row's previous iRating in prev_irating
 * (the SET list reads the row as it was), so RETURNING yields old and new value of exactly the
 * rows rewritten (an insert has no previous value) without a second lookup.
 * @returns the categories whose buckets changed.
 */
async function upsertLicensesAndBuckets(
  trx: Knex.Transaction,
  licenses: LicenseFact[],
): Promise<string[]> {
  const l = DRIVER_LICENSES_TABLE;
  const b = IRATING_BUCKETS_TABLE;
  const w = IRATING_BUCKET_WIDTH;
  const list = licenseColumns.map((c) => c.name).join(', ');
  const { sql: source, bindings } = rowsSource(licenseColumns, licenses);
  const { rows } = await trx.raw<{ rows: { category: string }[] }>(
    `WITH up AS (
       INSERT INTO ${l} (${list}) SELECT ${list} FROM ${source}
       ON CONFLICT (cust_id, category) DO UPDATE SET
         prev_irating = ${l}.irating,
         ${licenseColumns
           .filter((c) => c.name !== 'cust_id' && c.name !== 'category')
           .map((c) => `${c.name} = excluded.${c.name}`)
           .join(', ')}
       WHERE ${l}.as_of <= excluded.as_of
       RETURNING category, irating, prev_irating),
     deltas AS (
       SELECT category, floor(irating::numeric / ${w})::int * ${w} AS bucket_start, 1 AS d
         FROM up WHERE irating IS NOT NULL
       UNION ALL
       SELECT category, floor(prev_irating::numeric / ${w})::int * ${w}, -1
         FROM up WHERE prev_irating IS NOT NULL)
     INSERT INTO ${b} (category, bucket_start, drivers)
     SELECT category, bucket_start, sum(d)::int FROM deltas GROUP BY category, bucket_start HAVING sum(d) <> 0
     ON CONFLICT (category, bucket_start) DO UPDATE SET drivers = ${b}.drivers + excluded.drivers
     RETURNING category`,
    bindings,
  );
  const categories = [...new Set(rows.map((r) => r.category))];
  if (categories.length > 0) {
    await trx.raw(`DELETE FROM ${b} WHERE drivers = 0 AND category = ANY(?::text[])`, [categories]);
  }
  return categories;
}

/**
 * The drivers per licence class of the given categories, counted again from their licence rows
 * (an index-only scan of `racing_driver_licenses_class`: one entry per driver with a class and a
 * safety rating), so the class chart reads a handful of rows instead of every licence.
 */
export async function recountLicenceClasses(
  trx: Knex.Transaction,
  categories: string[],
): Promise<void> {
  if (categories.length === 0) return;
  await trx.raw(`DELETE FROM ${LICENCE_CLASS_COUNTS_TABLE} WHERE category = ANY(?::text[])`, [
    categories,
  ]);
  await trx.raw(
    `INSERT INTO ${LICENCE_CLASS_COUNTS_TABLE} (category, license_group, drivers)
     SELECT category, license_group, count(*)::int FROM ${DRIVER_LICENSES_TABLE}
      WHERE category = ANY(?::text[]) AND license_group IS NOT NULL AND sub_level IS NOT NULL
      GROUP BY category, license_group`,
    [categories],
  );
}

/**
 * Percentiles from the bucket counts (at most a few hundred rows per category), interpolated
 * linearly inside the bucket that holds the percentile's rank.
 */
export async function recomputePercentiles(
  trx: Knex.Transaction,
  categories: string[],
): Promise<void> {
  const p = IRATING_PERCENTILES_TABLE;
  await trx.raw(`DELETE FROM ${p} WHERE category = ANY(?::text[])`, [categories]);
  await trx.raw(
    `WITH b AS (
       SELECT category, bucket_start, drivers,
              sum(drivers) OVER (PARTITION BY category ORDER BY bucket_start) AS cum_after,
              sum(drivers) OVER (PARTITION BY category) AS total
         FROM ${IRATING_BUCKETS_TABLE}
        WHERE category = ANY(?::text[]) AND drivers > 0),
     pct AS (SELECT unnest(?::int2[]) AS percentile)
     INSERT INTO ${p} (category, percentile, irating)
     SELECT DISTINCT ON (b.category, pct.percentile) b.category, pct.percentile,
            round(b.bucket_start + ${IRATING_BUCKET_WIDTH} *
                  (pct.percentile / 100.0 * b.total - (b.cum_after - b.drivers)) / b.drivers)::int
       FROM b CROSS JOIN pct
      WHERE b.cum_after >= pct.percentile / 100.0 * b.total
      ORDER BY b.category, pct.percentile, b.bucket_start`,
    [categories, [...IRATING_PERCENTILES]],
  );
}
