import type { Knex } from 'knex';

/**
 * Read model "season leaderboards": per season and driver the counts behind the four
 * leaderboards (race wins, poles, top fives, races) plus laps, laps led and incidents.
 * The partial indexes hold only drivers with at least one win / pole / top five, which keeps
 * them small and spares index writes for the many drivers who have none.
 */
export const SEASON_DRIVER_STATS_TABLE = 'racing_season_driver_stats';

/**
 * The same counts per season, week and driver: the season as it stood at a date is the sum of
 * its weeks before that date's week plus that week's races before the date (queries/racing/
 * leaderboards.ts), so a past leaderboard reads a season's rows by key range instead of its
 * results. No names: a past leaderboard names drivers as racing_drivers does now.
 */
export const SEASON_WEEK_DRIVER_STATS_TABLE = 'racing_season_week_driver_stats';

/**
 * Per season, driver and week the driver's totals through the end of that week (the counters of
 * SEASON_DRIVER_STATS_TABLE, cumulative), for every week from the driver's first start of the
 * season to the season's last raced week, raced or not: the rows of one week are the whole
 * season's standings at the end of that week, in the order of each leaderboard through the
 * indexes below. A past leaderboard reads the top of the standings before and after its cut week
 * (queries/racing/season-as-of.ts, seasonTopAt) instead of summing every driver's weeks.
 */
export const SEASON_STANDINGS_TABLE = 'racing_season_standings';

/**
 * Per season the number of its drivers (its rows in SEASON_DRIVER_STATS_TABLE), kept as the
 * drivers enter and leave the season so a season's summary reads one row instead of counting
 * tens of thousands. A season without drivers has no row.
 */
export const SEASON_DRIVER_COUNTS_TABLE = 'racing_season_driver_counts';

/**
 * Per season, driver and start the driver's season totals through that start (the counters of
 * SEASON_DRIVER_STATS_TABLE, cumulative in start order), with the start's week: a row per start,
 * not carried forward. Inside a week they step where the standings per week cannot: the season at
 * an instant T of week W is the standings at the end of W − 1 merged with the rows of W started
 * before T, each driver at his latest row (queries/racing/season-as-of.ts, seasonTopAt).
 */
export const SEASON_START_STANDINGS_TABLE = 'racing_season_start_standings';

/** The counters every table of this read model keeps, in their column order. */
export const SEASON_COUNTERS = [
  'races',
  'wins',
  'poles',
  'top_fives',
  'laps',
  'laps_led',
  'incidents',
] as const;

/** The SQL of one start's counters over its result rows `r` (a driver's rows of one subsession). */
export const START_COUNTERS_SQL = `count(*)::int AS races,
    (count(*) FILTER (WHERE r.finish_position_in_class = 1))::int AS wins,
    (count(*) FILTER (WHERE r.starting_position_in_class = 1))::int AS poles,
    (count(*) FILTER (WHERE r.finish_position_in_class <= 5))::int AS top_fives,
    sum(r.laps_complete)::int AS laps, sum(r.laps_led)::int AS laps_led,
    sum(r.incidents)::int AS incidents`;

/**
 * The four leaderboards' columns: races ranks every driver, the others only the drivers with at
 * least one (partial indexes).
 */
const BOARD_COLUMNS = ['races', 'wins', 'poles', 'top_fives'] as const;
const boardFilter = (c: (typeof BOARD_COLUMNS)[number]) => (c === 'races' ? '' : ` WHERE ${c} > 0`);

const counterColumns = SEASON_COUNTERS.map((c) => `${c} integer NOT NULL`).join(',\n      ');

export async function createSeasonLeaderboardTables(
  db: Knex.Transaction | Knex,
  withIndexes = true,
): Promise<void> {
  await db.raw(`
    CREATE TABLE ${SEASON_DRIVER_STATS_TABLE} (
      season_id     integer NOT NULL,
      cust_id       integer NOT NULL,
      display_name  text NOT NULL,
      country_code  text,
      category      text NOT NULL,
      ${counterColumns},
      -- Driver first: the key also serves a driver's career totals (all seasons of one driver).
      PRIMARY KEY (cust_id, season_id)
    )`);
  await db.raw(`
    CREATE TABLE ${SEASON_WEEK_DRIVER_STATS_TABLE} (
      season_id      integer NOT NULL,
      race_week_num  smallint NOT NULL,
      cust_id        integer NOT NULL,
      ${counterColumns},
      PRIMARY KEY (season_id, race_week_num, cust_id)
    )`);
  await db.raw(`
    CREATE TABLE ${SEASON_DRIVER_COUNTS_TABLE} (
      season_id  integer PRIMARY KEY,
      drivers    integer NOT NULL
    )`);
  // The key is the driver's weeks in order: the projection moves a driver's rows from a week on.
  await db.raw(`
    CREATE TABLE ${SEASON_STANDINGS_TABLE} (
      season_id      integer NOT NULL,
      cust_id        integer NOT NULL,
      race_week_num  smallint NOT NULL,
      ${counterColumns},
      PRIMARY KEY (season_id, cust_id, race_week_num)
    )`);
  // The key is the driver's starts in order: the projection recounts a driver's rows from a start on.
  await db.raw(`
    CREATE TABLE ${SEASON_START_STANDINGS_TABLE} (
      season_id      integer NOT NULL,
      cust_id        integer NOT NULL,
      start_time     timestamptz NOT NULL,
      subsession_id  integer NOT NULL,
      race_week_num  smallint NOT NULL,
      ${counterColumns},
      PRIMARY KEY (season_id, cust_id, start_time, subsession_id)
    )`);
  if (withIndexes) {
    await createSeasonLeaderboardIndexes(db);
    await createSeasonStandingsIndexes(db);
    await createSeasonStartStandingsIndexes(db);
  }
}

/**
 * A week's standings in the order of each leaderboard (wins, poles and top fives hold only the
 * drivers with at least one by then, like the season's own indexes).
 */
export async function createSeasonStandingsIndexes(db: Knex.Transaction | Knex): Promise<void> {
  for (const c of BOARD_COLUMNS) {
    await db.raw(
      `CREATE INDEX racing_standings_${c} ON ${SEASON_STANDINGS_TABLE}
         (season_id, race_week_num, ${c} DESC, cust_id)${boardFilter(c)}`,
    );
  }
}

/**
 * A week's starts in the order of each leaderboard, a driver's later start first among equal
 * values (his latest totals); the start time is a key column so a read skips the starts after its
 * instant inside the index.
 */
export async function createSeasonStartStandingsIndexes(
  db: Knex.Transaction | Knex,
): Promise<void> {
  for (const c of BOARD_COLUMNS) {
    await db.raw(
      `CREATE INDEX racing_start_standings_${c} ON ${SEASON_START_STANDINGS_TABLE}
         (season_id, race_week_num, ${c} DESC, cust_id, start_time DESC, subsession_id DESC)${boardFilter(c)}`,
    );
  }
}

/** The leaderboards' indexes (a rebuild creates them after filling the table). */
export async function createSeasonLeaderboardIndexes(db: Knex.Transaction | Knex): Promise<void> {
  for (const c of BOARD_COLUMNS) {
    await db.raw(
      `CREATE INDEX racing_sds_${c} ON ${SEASON_DRIVER_STATS_TABLE}
         (season_id, ${c} DESC, cust_id)${boardFilter(c)}`,
    );
  }
}
