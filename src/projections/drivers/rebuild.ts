import type { Knex } from 'knex';
import type { RacingBatch } from '../racing/batch.ts';
import { col, type Column } from '../racing/bulk.ts';
import { copyRows } from '../racing/copy.ts';
import type { PartRebuild } from '../racing/part.ts';
import { writeSearchHits } from './search-hits.ts';
import {
  driverColumns,
  driverFacts,
  licenseColumns,
  recomputePercentiles,
  recountLicenceClasses,
  type DriverFact,
  type LicenseFact,
} from './apply.ts';
import {
  createDriverIndexes,
  createDriverTables,
  DRIVER_LICENSES_TABLE,
  DRIVERS_TABLE,
  IRATING_BUCKET_WIDTH,
  IRATING_BUCKETS_TABLE,
} from './tables.ts';

type LicenseRow = LicenseFact & { prevIrating: number | null };
/** Category → customer id → licence: a few maps with small-integer keys, fast to look up. */
type Licenses = Map<string, Map<number, LicenseRow>>;

/**
 * licenseColumns for COPY, plus prev_irating. cpi (a `real` column) goes in as the float4 the
 * JSON path's float8 → real cast yields (Math.fround rounds the same way, to nearest even), so
 * its text form parses to exactly that value.
 */
const licenseRowColumns: Column<LicenseRow>[] = [
  ...licenseColumns.map((c) =>
    c.name === 'cpi'
      ? col<LicenseRow>('cpi', 'float8', (l) => (l.cpi === null ? null : Math.fround(l.cpi)))
      : c,
  ),
  col('prev_irating', 'int4', (l) => l.prevIrating),
];

/**
 * Drivers and licences are a few hundred thousand rows that every result row may touch. The
 * replay keeps them in memory and applies each batch's facts with exactly the rules of the
 * upserts in ./apply.ts (same batches, same order); `finish` writes them once, derives the
 * iRating buckets (the count of licences per bucket, which the deltas maintain), percentiles and
 * each driver's search hit, then builds the indexes.
 */
export function driversRebuild(): PartRebuild {
  const drivers = new Map<number, DriverFact>();
  const licenses: Licenses = new Map();
  return {
    createTables: (trx) => createDriverTables(trx, false),
    replay(batch: RacingBatch) {
      const facts = driverFacts({ batch, current: [], previous: [] });
      for (const f of facts.drivers) mergeDriver(drivers, f);
      for (const f of facts.licenses) mergeLicense(licenses, f);
      return null;
    },
    async finish(trx: Knex.Transaction) {
      await copyRows(trx, DRIVERS_TABLE, driverColumns, [...drivers.values()]);
      // A licence row carries its driver's country, as copyCountryToLicences keeps it live.
      const columns: Column<LicenseRow>[] = [
        ...licenseRowColumns,
        col('country_code', 'text', (l) => drivers.get(l.custId)?.countryCode ?? null),
      ];
      for (const ofCategory of licenses.values()) {
        await copyRows(trx, DRIVER_LICENSES_TABLE, columns, [...ofCategory.values()]);
      }
      const w = IRATING_BUCKET_WIDTH;
      await trx.raw(
        `INSERT INTO ${IRATING_BUCKETS_TABLE} (category, bucket_start, drivers)
         SELECT category, floor(irating::numeric / ${w})::int * ${w}, count(*)
           FROM ${DRIVER_LICENSES_TABLE} WHERE irating IS NOT NULL GROUP BY 1, 2`,
      );
      // Every category held in memory (one without buckets gets no percentiles, as in apply).
      await recomputePercentiles(trx, [...licenses.keys()]);
      await recountLicenceClasses(trx, [...licenses.keys()]);
      await writeSearchHits(trx, 'all');
      await createDriverIndexes(trx);
    },
  };
}

const sameOrUnstated = <T>(stated: T | null, stored: T | null) =>
  stated === null || stated === stored;

/**
 * upsertDrivers (./apply.ts) on one row: a fact older than the stored one, or one that states
 * nothing new, changes nothing (not even name_as_of); a newer one replaces the name and fills
 * the fields it states.
 */
function mergeDriver(drivers: Map<number, DriverFact>, f: DriverFact): void {
  const x = drivers.get(f.custId);
  if (!x) return void drivers.set(f.custId, { ...f });
  if (x.asOf > f.asOf) return;
  if (
    x.displayName === f.displayName &&
    sameOrUnstated(f.countryCode, x.countryCode) &&
    sameOrUnstated(f.clubName, x.clubName) &&
    sameOrUnstated(f.flairName, x.flairName) &&
    sameOrUnstated(f.memberSince, x.memberSince)
  ) {
    return;
  }
  x.displayName = f.displayName;
  x.countryCode = f.countryCode ?? x.countryCode;
  x.clubName = f.clubName ?? x.clubName;
  x.flairName = f.flairName ?? x.flairName;
  x.memberSince = f.memberSince ?? x.memberSince;
  x.asOf = f.asOf;
}

/** upsertLicensesAndBuckets on one row: a fact at least as new replaces it, keeping the old iRating. */
function mergeLicense(licenses: Licenses, f: LicenseFact): void {
  let ofCategory = licenses.get(f.category);
  if (!ofCategory) licenses.set(f.category, (ofCategory = new Map<number, LicenseRow>()));
  const x = ofCategory.get(f.custId);
  if (!x) return void ofCategory.set(f.custId, { ...f, prevIrating: null });
  if (x.asOf > f.asOf) return;
  x.prevIrating = x.irating;
  x.irating = f.irating;
  x.subLevel = f.subLevel;
  x.licenseLevel = f.licenseLevel;
  x.licenseGroup = f.licenseGroup;
  x.ttRating = f.ttRating;
  x.cpi = f.cpi;
  x.asOf = f.asOf;
}
