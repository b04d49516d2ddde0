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
      races         integer NOT NULL,
      wins          integer NOT NULL,
      poles         integer NOT NULL,
      top_fives     integer NOT NULL,
      laps          integer NOT NULL,
      laps_led      integer NOT NULL,
      incidents     integer NOT NULL,
      -- Driver first: the key also serves a driver's career totals (all seasons of one driver).
      PRIMARY KEY (cust_id, season_id)
    )`);
  await db.raw(`
    CREATE TABLE ${SEASON_WEEK_DRIVER_STATS_TABLE} (
      season_id      integer NOT NULL,
      race_week_num  smallint NOT NULL,
      cust_id        integer NOT NULL,
      races          integer NOT NULL,
      wins           integer NOT NULL,
      poles          integer NOT NULL,
      top_fives      integer NOT NULL,
      laps           integer NOT NULL,
      laps_led       integer NOT NULL,
      incidents      integer NOT NULL,
      PRIMARY KEY (season_id, race_week_num, cust_id)
    )`);
  if (withIndexes) await createSeasonLeaderboardIndexes(db);
}

/** The leaderboards' indexes (a rebuild creates them after filling the table). */
export async function createSeasonLeaderboardIndexes(db: Knex.Transaction | Knex): Promise<void> {
  const t = SEASON_DRIVER_STATS_TABLE;
  await db.raw(`CREATE INDEX racing_sds_races ON ${t} (season_id, races DESC, cust_id)`);
  await db.raw(
    `CREATE INDEX racing_sds_wins ON ${t} (season_id, wins DESC, cust_id) WHERE wins > 0`,
  );
  await db.raw(
    `CREATE INDEX racing_sds_poles ON ${t} (season_id, poles DESC, cust_id) WHERE poles > 0`,
  );
  await db.raw(
    `CREATE INDEX racing_sds_top_fives ON ${t} (season_id, top_fives DESC, cust_id) WHERE top_fives > 0`,
  );
}
