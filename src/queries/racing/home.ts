import type { Knex } from 'knex';
import {
  PARTICIPATION_TABLE,
  PARTICIPATION_WEEKS_TABLE,
} from '../../projections/participation/tables.ts';
import { SEASONS_TABLE, SEASON_WEEKS_TABLE } from '../../projections/seasons/tables.ts';
import { SESSIONS_TABLE, SUBSESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import { iso } from './paging.ts';
import { toTrack, type DriverRefDto, type TrackDto } from './shapes.ts';

/**
 * The racing data of the home page, from read models and bounded by indexes (never a scan of the
 * results): the strongest races of the last days and the running week of the busiest series.
 */

/** How far back "recent" reaches, counted from the newest ingested session. */
export const NOTABLE_RACES_DAYS = 7;
/** A race of fewer drivers is not "notable", whatever its SoF. */
export const NOTABLE_RACES_MIN_FIELD = 6;

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

interface NotableRaceRow {
  subsession_id: number;
  series_id: number;
  series_name: string;
  category: string;
  start_time: Date;
  track_id: number;
  track_name: string;
  config_name: string | null;
  event_sof: number;
  num_drivers: number;
  winner_cust_id: number | null;
  winner_name: string | null;
  winner_team_name: string | null;
}

/**
 * The highest-SoF split of the last NOTABLE_RACES_DAYS days (before the newest session) of each
 * series, the strongest `limit` of them, strongest first; splits of fewer than
 * NOTABLE_RACES_MIN_FIELD drivers are left out. Reads racing_sessions through its
 * (start_time DESC) index and each chosen session's splits by session id.
 */
export async function notableRecentRaces(db: Knex, limit = 6): Promise<NotableRaceDto[]> {
  const { rows } = await db.raw<{ rows: NotableRaceRow[] }>(
    `WITH latest AS (
       SELECT start_time FROM ${SESSIONS_TABLE} ORDER BY start_time DESC, session_id DESC LIMIT 1
     ), best AS (
       SELECT DISTINCT ON (s.series_id) s.session_id, s.max_sof
         FROM ${SESSIONS_TABLE} s, latest
        WHERE s.start_time > latest.start_time - make_interval(days => ?)
          AND s.max_sof IS NOT NULL AND s.num_drivers >= ?
        ORDER BY s.series_id, s.max_sof DESC, s.start_time DESC, s.session_id DESC
     ), top AS (
       SELECT session_id, max_sof FROM best ORDER BY max_sof DESC, session_id DESC LIMIT ?
     )
     SELECT x.subsession_id, x.series_id, x.series_name, x.category, x.start_time, x.track_id,
            x.track_name, x.config_name, x.event_sof, x.num_drivers, x.winner_cust_id,
            x.winner_name, x.winner_team_name
       FROM top
       JOIN LATERAL (
         SELECT * FROM ${SUBSESSIONS_TABLE} x
          WHERE x.session_id = top.session_id AND x.event_type = 'race' AND x.event_sof IS NOT NULL
            AND x.num_drivers >= ?
          ORDER BY x.event_sof DESC, x.subsession_id
          LIMIT 1
       ) x ON true
      ORDER BY x.event_sof DESC, x.subsession_id DESC`,
    [NOTABLE_RACES_DAYS, NOTABLE_RACES_MIN_FIELD, limit, NOTABLE_RACES_MIN_FIELD],
  );
  return rows.map((r) => ({
    subsessionId: r.subsession_id,
    seriesId: r.series_id,
    seriesName: r.series_name,
    category: r.category,
    startTime: iso(r.start_time) as string,
    track: toTrack(r),
    strengthOfField: r.event_sof,
    fieldSize: r.num_drivers,
    winner:
      r.winner_cust_id === null
        ? null
        : {
            custId: r.winner_cust_id,
            displayName: r.winner_name ?? '',
            teamName: r.winner_team_name,
          },
  }));
}

export interface SeriesWeekDto {
  seriesId: number;
  seriesName: string;
  seasonId: number;
  category: string | null;
  /** 0-based. */
  raceWeekNum: number;
  startDate: string;
  /** Whether `today` lies in this week (false when the season's last started week is over). */
  running: boolean;
  track: TrackDto;
  /** Starts so far this week, splits raced and distinct drivers. */
  entries: number;
  races: number;
  drivers: number;
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

const DAY_MS = 86_400_000;

/**
 * The week each active official season has reached at `today` (its latest started week) with
 * its track and participation so far, the `limit` busiest (most starts) first; weeks nobody
 * raced yet are left out. A few hundred season rows and one participation key each.
 */
export async function popularSeriesThisWeek(
  db: Knex,
  today: Date,
  limit = 4,
): Promise<SeriesWeekDto[]> {
  const day = today.toISOString().slice(0, 10);
  const { rows } = await db.raw<{ rows: SeriesWeekRow[] }>(
    `SELECT s.series_id, s.series_name, s.season_id, s.category, w.race_week_num,
            to_char(w.start_date, 'YYYY-MM-DD') AS start_date,
            to_char(n.start_date, 'YYYY-MM-DD') AS next_start,
            w.track_id, w.track_name, w.config_name,
            p.entries, p.races, pw.unique_drivers AS drivers
       FROM ${SEASONS_TABLE} s
       JOIN LATERAL (
         SELECT * FROM ${SEASON_WEEKS_TABLE} w
          WHERE w.season_id = s.season_id AND w.start_date <= ?::date
          ORDER BY w.race_week_num DESC LIMIT 1
       ) w ON true
       LEFT JOIN ${SEASON_WEEKS_TABLE} n
         ON n.season_id = s.season_id AND n.race_week_num = w.race_week_num + 1
       JOIN LATERAL (
         SELECT coalesce(sum(p.drivers), 0)::int AS entries,
                coalesce(sum(p.subsessions), 0)::int AS races
           FROM ${PARTICIPATION_TABLE} p
          WHERE p.season_id = s.season_id AND p.race_week_num = w.race_week_num
       ) p ON true
       LEFT JOIN ${PARTICIPATION_WEEKS_TABLE} pw
         ON pw.season_id = s.season_id AND pw.race_week_num = w.race_week_num
      WHERE s.active AND s.official AND p.entries > 0
      ORDER BY p.entries DESC, s.series_id
      LIMIT ?`,
    [day, limit],
  );
  return rows.map((r) => {
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
  });
}
