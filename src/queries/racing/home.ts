import { statement, type Statement } from '../../db/batch.ts';
import type { RacingCategory } from '../../events/racing/common.ts';
import {
  DRIVER_LICENSES_TABLE,
  DRIVERS_TABLE,
  IRATING_BUCKETS_TABLE,
} from '../../projections/drivers/tables.ts';
import {
  PARTICIPATION_TABLE,
  PARTICIPATION_WEEKS_TABLE,
} from '../../projections/participation/tables.ts';
import { SEASONS_TABLE, SEASON_WEEKS_TABLE } from '../../projections/seasons/tables.ts';
import { SESSIONS_TABLE, SUBSESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import type { RatedDriverDto } from './distribution.ts';
import { topDriversAtSql } from './drivers-as-of.ts';
import { iso } from './paging.ts';
import { toTrack, toWinner, type DriverRefDto, type TrackDto } from './shapes.ts';

/**
 * The racing data of the home page, from read models and bounded by indexes (never a scan of the
 * results): the highest-rated drivers of each category, the strongest races of the last days and
 * the running week of the busiest series. One statement answers all three (one round trip), sent
 * as a named prepared statement whose plan each connection keeps (src/db/prepared.ts): planning
 * these joins cost more than running them.
 */

/** How far back "recent" reaches, counted from the newest ingested session. */
export const NOTABLE_RACES_DAYS = 7;
/** A race of fewer drivers is not "notable", whatever its SoF. */
export const NOTABLE_RACES_MIN_FIELD = 6;

/** How many of each the home page shows. */
export interface HomeRacingLimits {
  /** Drivers per category. */
  topDrivers: number;
  notableRaces: number;
  seriesWeeks: number;
}

export interface TopDriversDto {
  category: RacingCategory;
  drivers: RatedDriverDto[];
}

export interface NotableRaceDto {
  subsessionId: number;
  seriesId: number;
  seriesName: string;
  category: string;
  startTime: string;
  track: TrackDto;
  strengthOfField: number;
  fieldSize: number;
  winner: (DriverRefDto & { teamName: string | null }) | null;
}

export interface SeriesWeekDto {
  seriesId: number;
  seriesName: string;
  seasonId: number;
  category: string | null;
  /** 0-based. */
  raceWeekNum: number;
  startDate: string;
  /** Whether today lies in this week (false when the season's last started week is over). */
  running: boolean;
  track: TrackDto;
  /** Starts so far this week, splits raced and distinct drivers. */
  entries: number;
  races: number;
  drivers: number;
}

export interface HomeRacingDto {
  /** Categories with rated drivers, those with the most first. */
  topDrivers: TopDriversDto[];
  /** Strongest first. */
  notableRaces: NotableRaceDto[];
  /** Busiest first. */
  seriesWeeks: SeriesWeekDto[];
}

interface TopDriverRow {
  category: string;
  cust_id: number | null;
  display_name: string | null;
  irating: number | null;
}

interface NotableRaceRow {
  subsession_id: number;
  series_id: number;
  series_name: string;
  category: string;
  /** As JSON gives it: an ISO string. */
  start_time: string;
  track_id: number;
  track_name: string;
  config_name: string | null;
  event_sof: number;
  num_drivers: number;
  winner_cust_id: number | null;
  winner_name: string | null;
  winner_team_name: string | null;
}

interface SeriesWeekRow {
  series_id: number;
  series_name: string;
  season_id: number;
  category: string | null;
  race_week_num: number;
  start_date: string;
  next_start: string | null;
  track_id: number;
  track_name: string;
  config_name: string | null;
  entries: number;
  races: number;
  drivers: number | null;
}

interface HomeRow {
  top_drivers: TopDriverRow[];
  notable_races: NotableRaceRow[];
  series_weeks: SeriesWeekRow[];
  /** `YYYY-MM-DD`, UTC. */
  today: string;
}

const count = (n: number): number => {
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new RangeError(`bad home limit ${n}`);
  return n;
};

/**
 * The statement's text for `limits` (written into it: a LIMIT parameter would make the generic
 * plan look dear). Three sub-selects, each aggregated to JSON, and the day they were read at:
 *  - top drivers: the categories with rated drivers (the bucket counts), per category a top-N
 *    walk of racing_driver_licenses_rank (category, irating DESC); of a `past` instant (the
 *    statement's two parameters), a walk of the driver history's rank index instead;
 *  - notable races: the highest-SoF session of each series among those of the
 *    NOTABLE_RACES_DAYS days up to the newest one (ties: the latest), the strongest
 *    `notableRaces` of them, and each one's strongest split of NOTABLE_RACES_MIN_FIELD drivers or
 *    more through racing_subsessions_session (a handful of splits per session). Each series'
 *    highest SoF comes from one hashed pass over the days' sessions (a range of
 *    racing_sessions_recent, bounded on both sides so even the generic plan takes the index);
 *    only the series that can make the cut (SoF at least the `notableRaces`-th highest) then look
 *    up which session it was, through racing_sessions_series. Sorting every session of the days
 *    by series and SoF to keep one per series cost a third more;
 *  - series weeks: the week each active official season has reached today (its latest
 *    started week) with its starts, the busiest `seriesWeeks`, then their next week's start and
 *    distinct drivers (a few hundred season rows and one participation key each).
 */
/**
 * Today (UTC) as a literal in the statement's text, not a parameter: with a date parameter
 * PostgreSQL kept planning the statement per execution (its generic plan looked dearer than the
 * custom ones); as a literal the text changes once a day, and each day's named statement is
 * planned once per connection. The day comes from the caller's clock, so tests pin it.
 */
function todaySql(now: Date): string {
  return `DATE '${now.toISOString().slice(0, 10)}'`;
}

function homeSql(limits: HomeRacingLimits, now: Date, past: boolean): string {
  const TODAY = todaySql(now);
  const top = past
    ? topDriversAtSql('c.category', count(limits.topDrivers))
    : `SELECT l.cust_id, d.display_name, l.irating
         FROM ${DRIVER_LICENSES_TABLE} l JOIN ${DRIVERS_TABLE} d ON d.cust_id = l.cust_id
        WHERE l.category = c.category AND l.irating IS NOT NULL
        ORDER BY l.irating DESC, l.cust_id DESC
        LIMIT ${count(limits.topDrivers)}`;
  return `SELECT
  (SELECT coalesce(json_agg(t ORDER BY t.drivers DESC, t.category, t.irating DESC, t.cust_id DESC),
                   '[]')
     FROM (SELECT c.category, c.drivers, t.cust_id, t.display_name, t.irating
             FROM (SELECT category, sum(drivers) AS drivers FROM ${IRATING_BUCKETS_TABLE}
                    GROUP BY category HAVING sum(drivers) > 0) c
             LEFT JOIN LATERAL (${top}) t ON true) t) AS top_drivers,
  (WITH newest AS (SELECT max(start_time) AS t FROM ${SESSIONS_TABLE}),
   strongest AS (
     SELECT s.series_id, max(s.max_sof) AS max_sof
       FROM ${SESSIONS_TABLE} s, newest
      WHERE s.start_time > newest.t - interval '${NOTABLE_RACES_DAYS} days'
        AND s.start_time <= newest.t
        AND s.max_sof IS NOT NULL AND s.num_drivers >= ${NOTABLE_RACES_MIN_FIELD}
      GROUP BY s.series_id
   ), cut AS (
     SELECT max_sof FROM strongest ORDER BY max_sof DESC
     OFFSET ${count(limits.notableRaces) - 1} LIMIT 1
   ), best AS (
     SELECT b.session_id, p.max_sof
       FROM strongest p CROSS JOIN newest
       JOIN LATERAL (
         SELECT s.session_id FROM ${SESSIONS_TABLE} s
          WHERE s.series_id = p.series_id
            AND s.start_time > newest.t - interval '${NOTABLE_RACES_DAYS} days'
            AND s.start_time <= newest.t
            AND s.max_sof = p.max_sof AND s.num_drivers >= ${NOTABLE_RACES_MIN_FIELD}
          ORDER BY s.start_time DESC, s.session_id DESC
          LIMIT 1
       ) b ON true
      WHERE p.max_sof >= coalesce((SELECT max_sof FROM cut), 0)
   ), top AS (
     SELECT session_id FROM best ORDER BY max_sof DESC, session_id DESC
      LIMIT ${count(limits.notableRaces)}
   )
   SELECT coalesce(json_agg(x ORDER BY x.event_sof DESC, x.subsession_id DESC), '[]')
     FROM top
     JOIN LATERAL (
       -- No condition on event_sof here: the partial SoF index would otherwise tempt the planner
       -- away from the session's few splits.
       SELECT x.subsession_id, x.series_id, x.series_name, x.category, x.start_time, x.track_id,
              x.track_name, x.config_name, x.event_sof, x.num_drivers, x.winner_cust_id,
              x.winner_name, x.winner_team_name
         FROM ${SUBSESSIONS_TABLE} x
        WHERE x.session_id = top.session_id AND x.event_type = 'race'
          AND x.num_drivers >= ${NOTABLE_RACES_MIN_FIELD}
        ORDER BY x.event_sof DESC NULLS LAST, x.subsession_id
        LIMIT 1
     ) x ON true
    WHERE x.event_sof IS NOT NULL) AS notable_races,
  (WITH busiest AS (
     SELECT s.series_id, s.series_name, s.season_id, s.category, w.race_week_num, w.start_date,
            w.track_id, w.track_name, w.config_name, p.entries, p.races
       FROM ${SEASONS_TABLE} s
       JOIN LATERAL (
         SELECT * FROM ${SEASON_WEEKS_TABLE} w
          WHERE w.season_id = s.season_id AND w.start_date <= ${TODAY}
          ORDER BY w.race_week_num DESC LIMIT 1
       ) w ON true
       JOIN LATERAL (
         SELECT coalesce(sum(p.drivers), 0)::int AS entries,
                coalesce(sum(p.subsessions), 0)::int AS races
           FROM ${PARTICIPATION_TABLE} p
          WHERE p.season_id = s.season_id AND p.race_week_num = w.race_week_num
       ) p ON true
      WHERE s.active AND s.official AND p.entries > 0
      ORDER BY p.entries DESC, s.series_id
      LIMIT ${count(limits.seriesWeeks)}
   )
   SELECT coalesce(json_agg(b ORDER BY b.entries DESC, b.series_id), '[]')
     FROM (SELECT b.series_id, b.series_name, b.season_id, b.category, b.race_week_num,
                  to_char(b.start_date, 'YYYY-MM-DD') AS start_date,
                  to_char(n.start_date, 'YYYY-MM-DD') AS next_start,
                  b.track_id, b.track_name, b.config_name, b.entries, b.races,
                  pw.unique_drivers AS drivers
             FROM busiest b
             LEFT JOIN ${SEASON_WEEKS_TABLE} n
               ON n.season_id = b.season_id AND n.race_week_num = b.race_week_num + 1
             LEFT JOIN ${PARTICIPATION_WEEKS_TABLE} pw
               ON pw.season_id = b.season_id AND pw.race_week_num = b.race_week_num) b
  ) AS series_weeks,
  to_char(${TODAY}, 'YYYY-MM-DD') AS today`;
}

const DAY_MS = 86_400_000;

/**
 * The home page's racing data at `now` (today: which week each season has reached), a statement
 * for the page's batch (src/db/batch.ts). With `at` (an exclusive race-time bound,
 * AsOf.raceBefore) the top drivers are those of that instant, as known now (drivers-as-of.ts), in
 * today's categories (those with rated drivers) and their order, a category without a rated
 * driver then listing none; the races and the weeks stay today's. Either way one statement.
 */
export function homeRacingStatement(
  limits: HomeRacingLimits,
  now: Date,
  at: string | null = null,
): Statement<HomeRacingDto> {
  const instant = at === null ? null : new Date(at).toISOString();
  return statement(
    homeSql(limits, now, instant !== null),
    instant === null ? [] : [instant, instant],
    ([row]: HomeRow[]) => {
      if (!row) throw new Error('the home statement answered no row');
      return {
        topDrivers: topDriversOf(row.top_drivers),
        notableRaces: row.notable_races.map(notableRaceOf),
        seriesWeeks: row.series_weeks.map((r) => seriesWeekOf(r, row.today)),
      };
    },
  );
}

function topDriversOf(rows: readonly TopDriverRow[]): TopDriversDto[] {
  const out = new Map<string, TopDriversDto>();
  for (const r of rows) {
    let entry = out.get(r.category);
    if (!entry) {
      entry = { category: r.category as RacingCategory, drivers: [] };
      out.set(r.category, entry);
    }
    if (r.cust_id !== null && r.display_name !== null && r.irating !== null) {
      entry.drivers.push({ custId: r.cust_id, displayName: r.display_name, irating: r.irating });
    }
  }
  return [...out.values()];
}

const notableRaceOf = (r: NotableRaceRow): NotableRaceDto => ({
  subsessionId: r.subsession_id,
  seriesId: r.series_id,
  seriesName: r.series_name,
  category: r.category,
  startTime: iso(r.start_time) as string,
  track: toTrack(r),
  strengthOfField: r.event_sof,
  fieldSize: r.num_drivers,
  winner: toWinner(r),
});

function seriesWeekOf(r: SeriesWeekRow, day: string): SeriesWeekDto {
  const end = r.next_start ?? new Date(Date.parse(r.start_date) + 7 * DAY_MS).toISOString();
  return {
    seriesId: r.series_id,
    seriesName: r.series_name,
    seasonId: r.season_id,
    category: r.category,
    raceWeekNum: r.race_week_num,
    startDate: r.start_date,
    running: day < end.slice(0, 10),
    track: toTrack(r),
    entries: r.entries,
    races: r.races,
    drivers: r.drivers ?? 0,
  };
}
