import type { Knex } from 'knex';
import { trgmSchema } from '../racing/trgm.ts';

/**
 * Read model "drivers": who each iRacing member is (name, country, club), the current licence
 * and iRating per category (with the driver's country, for the list filtered by country), the driver search index (pg_trgm GIN on the display name), each driver's search hit as the API answers it, and the
 * iRating distribution per category (members per 100-point bucket, and percentiles derived from
 * those counts) and the drivers per licence class and category. The distribution lives here because it moves by the delta of each licence row
 * this read model rewrites: old bucket −1, new bucket +1, in the same statement.
 */
export const DRIVERS_TABLE = 'racing_drivers';
export const DRIVER_LICENSES_TABLE = 'racing_driver_licenses';
export const IRATING_BUCKETS_TABLE = 'racing_irating_buckets';
export const IRATING_PERCENTILES_TABLE = 'racing_irating_percentiles';
/** Drivers per licence class (license_group) and category: the licence-class chart. */
export const LICENCE_CLASS_COUNTS_TABLE = 'racing_licence_class_counts';
/** Each driver's driver-search hit as JSON text (./search-hits.ts). */
export const DRIVER_SEARCH_HITS_TABLE = 'racing_driver_search_hits';

/**
 * Index expressions of the prefix search: a query must repeat them exactly for the planner to
 * use `racing_drivers_name_prefix` / `racing_drivers_surname_prefix`. The search itself is the
 * database function `racing_search_driver_hits` (migrations/0100_racing_search_driver_hits_total_order.ts),
 * which spells them out: a change here needs a migration replacing that function.
 */
export const NAME_PREFIX_KEY = 'lower(display_name)';
export const SURNAME_PREFIX_KEY = "lower(substr(display_name, strpos(display_name, ' ') + 1))";
/**
 * The prefix indexes' keys after the search key: the customer id, so that drivers sharing a
 * lower-cased name follow one another in id order and a scan that stops at its 100th entry keeps
 * the same drivers on every database holding them, whatever the physical order of the rows.
 */
const SEARCH_KEY_TIEBREAK = 'cust_id';
/** The columns a search ranks a candidate by beside the key, stored in the prefix indexes. */
const SEARCH_CANDIDATE_COLUMNS = 'display_name';
/** A licence row's columns a driver's licences are shaped from (licenceRowsJson), beside its key. */
const LICENCE_COLUMNS = 'irating, sub_level, license_level, license_group, tt_rating';
/** The licence columns a driver list row shows beside the iRating its rank index is keyed by. */
const LIST_LICENCE_COLUMNS = 'sub_level, license_level, license_group, tt_rating';

/** Width of a distribution bucket in iRating points. */
export const IRATING_BUCKET_WIDTH = 100;
/** Percentiles kept per category. */
export const IRATING_PERCENTILES = [1, 5, 10, 25, 50, 75, 90, 95, 99] as const;

export async function createDriverTables(
  db: Knex.Transaction | Knex,
  withIndexes = true,
): Promise<void> {
  await db.raw(`
    CREATE TABLE ${DRIVERS_TABLE} (
      cust_id        integer PRIMARY KEY,
      display_name   text NOT NULL,
      country_code   text,
      club_name      text,
      flair_name     text,
      member_since   date,
      name_as_of     timestamptz NOT NULL
    )`);

  await db.raw(`
    CREATE TABLE ${DRIVER_LICENSES_TABLE} (
      cust_id        integer NOT NULL,
      category       text NOT NULL,
      irating        integer,
      sub_level      smallint,
      license_level  smallint,
      license_group  smallint,
      tt_rating      integer,
      cpi            real,
      as_of          timestamptz NOT NULL,
      -- The driver's country (racing_drivers.country_code, kept equal): the driver list filtered
      -- by country reads one range of racing_driver_licenses_country_rank instead of walking the
      -- category's ranking until a page of that country's drivers turns up.
      country_code   text,
      -- iRating before the last rewrite: lets the upsert return the old value for the
      -- distribution delta (RETURNING only sees the new row).
      prev_irating   integer,
      PRIMARY KEY (cust_id, category)
    )`);

  // The hit as the API answers it, rewritten with the driver's row or licences (./search-hits.ts).
  await db.raw(`
    CREATE TABLE ${DRIVER_SEARCH_HITS_TABLE} (
      cust_id  integer PRIMARY KEY,
      hit      text NOT NULL
    )`);

  await db.raw(`
    CREATE TABLE ${IRATING_BUCKETS_TABLE} (
      category      text NOT NULL,
      bucket_start  integer NOT NULL,
      drivers       integer NOT NULL,
      PRIMARY KEY (category, bucket_start)
    )`);
  await db.raw(`
    CREATE TABLE ${LICENCE_CLASS_COUNTS_TABLE} (
      category       text NOT NULL,
      license_group  smallint NOT NULL,
      drivers        integer NOT NULL,
      PRIMARY KEY (category, license_group)
    )`);
  await db.raw(`
    CREATE TABLE ${IRATING_PERCENTILES_TABLE} (
      category    text NOT NULL,
      percentile  smallint NOT NULL,
      irating     integer NOT NULL,
      PRIMARY KEY (category, percentile)
    )`);
  if (withIndexes) await createDriverIndexes(db);
}

/** The secondary indexes (a rebuild creates them after filling the tables). */
export async function createDriverIndexes(db: Knex.Transaction | Knex): Promise<void> {
  const trgm = await trgmSchema(db);
  // fastupdate off: every new or renamed driver goes straight into the index. With GIN's default
  // pending list (up to 4 MB of unsorted entries, merged only by a vacuum) each search scanned the
  // whole list, and the planner, counting those pages, read all 100,000 names instead (a seq scan
  // of ~170 ms for a name fragment).
  await db.raw(
    `CREATE INDEX racing_drivers_name_trgm ON ${DRIVERS_TABLE} USING gin (display_name "${trgm}".gin_trgm_ops) WITH (fastupdate = off)`,
  );
  // The driver list by name carries the name and the country, so a page of names is read from
  // the index alone (src/queries/racing/drivers.ts). This and the two rank indexes below:
  // migrations/0101_racing_driver_list_covering_indexes.ts replaces the plain indexes of tables
  // built before they were declared so; the definitions must stay equal.
  await db.raw(
    `CREATE INDEX racing_drivers_name_sort ON ${DRIVERS_TABLE} (lower(display_name), cust_id) INCLUDE (display_name, country_code)`,
  );
  // Search as you type: the name, or the name from its second word on, starting with the text
  // (btree range scans for searchDrivers, src/queries/racing/driver-search.ts). Each index is the
  // driver's precomputed search key (the lower-cased name, or its rest from the second word), then
  // the customer id (SEARCH_KEY_TIEBREAK), carrying the name a candidate is ranked by, so a
  // word-start scan is an index-only scan in (key, id) order that stops at its first 100 entries,
  // and which 100 does not depend on where the rows lie. Without the carried columns it fetched
  // every driver whose key starts with the text from the table and sorted them all (thousands for
  // two letters at 100,000 drivers) to keep 100.
  await db.raw(
    `CREATE INDEX racing_drivers_name_prefix ON ${DRIVERS_TABLE} (${NAME_PREFIX_KEY} text_pattern_ops, ${SEARCH_KEY_TIEBREAK}) INCLUDE (${SEARCH_CANDIDATE_COLUMNS})`,
  );
  await db.raw(
    `CREATE INDEX racing_drivers_surname_prefix ON ${DRIVERS_TABLE} (${SURNAME_PREFIX_KEY} text_pattern_ops, ${SEARCH_KEY_TIEBREAK}) INCLUDE (${SEARCH_CANDIDATE_COLUMNS})`,
  );
  // A common name fragment's candidates in customer id order (the search's walk over the first
  // drivers by id, src/queries/racing/driver-search.ts), read from the index alone: through the
  // primary key each driver walked past is a heap page.
  await db.raw(
    `CREATE INDEX racing_drivers_id_name ON ${DRIVERS_TABLE} (cust_id) INCLUDE (display_name)`,
  );
  // A driver's licences read from the index alone, in category order (the comparison, the
  // profile's head and the search hits' text: src/queries/racing/licences.ts, ./search-hits.ts):
  // through the primary key each driver's five rows are five heap pages.
  // migrations/0097_racing_driver_licenses_by_driver.ts adds it to a table built before it was
  // declared here; the two definitions must stay equal.
  await db.raw(
    `CREATE INDEX racing_driver_licenses_by_driver ON ${DRIVER_LICENSES_TABLE} (cust_id, category) INCLUDE (${LICENCE_COLUMNS})`,
  );
  // The driver list by iRating (all, or of one country) takes a page's licence columns and the
  // country the licence row carries from the index alone.
  await db.raw(
    `CREATE INDEX racing_driver_licenses_rank ON ${DRIVER_LICENSES_TABLE} (category, irating DESC, cust_id DESC) INCLUDE (${LIST_LICENCE_COLUMNS}, country_code) WHERE irating IS NOT NULL`,
  );
  await db.raw(
    `CREATE INDEX racing_driver_licenses_country_rank ON ${DRIVER_LICENSES_TABLE} (category, country_code, irating DESC, cust_id DESC) INCLUDE (${LIST_LICENCE_COLUMNS}) WHERE irating IS NOT NULL`,
  );
  // The driver list by safety rating, and by licence (class, then safety rating; also a class
  // sorted by safety rating), either direction.
  await db.raw(
    `CREATE INDEX racing_driver_licenses_sr ON ${DRIVER_LICENSES_TABLE} (category, sub_level DESC, cust_id DESC) WHERE sub_level IS NOT NULL`,
  );
  await db.raw(
    `CREATE INDEX racing_driver_licenses_class ON ${DRIVER_LICENSES_TABLE} (category, license_group DESC, sub_level DESC, cust_id DESC) WHERE license_group IS NOT NULL AND sub_level IS NOT NULL`,
  );
}
