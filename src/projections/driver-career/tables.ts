import type { Knex } from 'knex';

/**
 * Read model "driver career": per driver the starts and their outcomes
 *  - per category and season year (the profile's per-year table; career = their sum),
 *  - per category in total (the driver list sorted by starts or wins),
 *  - per series, car and track layout (the profile's "most driven").
 * Starts are counted as the leaderboards count them (racing/contributions.ts countsAsStart);
 * wins, poles, top fives and positions are in class.
 */
export const DRIVER_YEARS_TABLE = 'racing_driver_years';
export const DRIVER_TOTALS_TABLE = 'racing_driver_totals';
export const DRIVER_USAGE_TABLE = 'racing_driver_usage';

/** What `racing_driver_usage.kind` names. */
export const USAGE_KINDS = ['series', 'car', 'track'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** The counters every table of this read model keeps (moved by +new −old). */
export const CAREER_COUNTERS = [
  'starts',
  'wins',
  'poles',
  'top_fives',
  'laps',
  'laps_led',
  'incidents',
  'sum_finish',
  'sum_start',
  'n_start',
] as const;

const counterColumns = CAREER_COUNTERS.map((c) => `${c} integer NOT NULL`).join(',\n      ');

export async function createDriverCareerTables(
  db: Knex.Transaction | Knex,
  withKeys = true,
): Promise<void> {
  await db.raw(`
    CREATE TABLE ${DRIVER_YEARS_TABLE} (
      cust_id      integer NOT NULL,
      category     text NOT NULL,
      season_year  smallint NOT NULL,
      ${counterColumns}
    )`);
  await db.raw(`
    CREATE TABLE ${DRIVER_TOTALS_TABLE} (
      cust_id   integer NOT NULL,
      category  text NOT NULL,
      ${counterColumns}
    )`);
  await db.raw(`
    CREATE TABLE ${DRIVER_USAGE_TABLE} (
      cust_id   integer NOT NULL,
      kind      text NOT NULL,
      ref_id    integer NOT NULL,
      name      text NOT NULL,
      detail    text,
      category  text NOT NULL,
      ${counterColumns}
    )`);
  if (withKeys) await createDriverCareerKeys(db);
}

/** Keys and indexes (a rebuild adds them after the fill). */
export async function createDriverCareerKeys(db: Knex.Transaction | Knex): Promise<void> {
  await db.raw(
    `ALTER TABLE ${DRIVER_YEARS_TABLE} ADD PRIMARY KEY (cust_id, category, season_year)`,
  );
  // The key carries starts and wins, so the driver list reads each row's from the index alone
  // (migrations/0101_racing_driver_list_covering_indexes.ts gives tables built before it so the
  // same key; the definitions must stay equal).
  await db.raw(
    `ALTER TABLE ${DRIVER_TOTALS_TABLE} ADD PRIMARY KEY (cust_id, category) INCLUDE (starts, wins)`,
  );
  await db.raw(`ALTER TABLE ${DRIVER_USAGE_TABLE} ADD PRIMARY KEY (cust_id, kind, ref_id)`);
  // The driver list by starts or by wins within a category (keyset, either direction).
  await db.raw(
    `CREATE INDEX racing_driver_totals_starts ON ${DRIVER_TOTALS_TABLE} (category, starts DESC, cust_id DESC)`,
  );
  await db.raw(
    `CREATE INDEX racing_driver_totals_wins ON ${DRIVER_TOTALS_TABLE} (category, wins DESC, cust_id DESC)`,
  );
}
