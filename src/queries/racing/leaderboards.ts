import type { Knex } from 'knex';
import { run, statement, type Statement } from '../../db/batch.ts';
import { SEASON_DRIVER_STATS_TABLE } from '../../projections/season-leaderboards/tables.ts';
import {
  namedTotals,
  seasonDriverTotalsAt,
  seasonTopAt,
  seasonTopNamedAtStatement,
  type NamedTotalsRow,
} from './season-as-of.ts';
import {
  InvalidQueryError,
  offsetOf,
  offsetPage,
  pageLimit,
  type Page,
  type PageRequest,
} from './paging.ts';

/**
 * The four season leaderboards, each one index range scan of racing_season_driver_stats
 * (wins, poles and top fives through partial indexes that hold only drivers with at least one).
 * Ties: the lower customer id first (stable across pages).
 */

export const LEADERBOARDS = ['race-wins', 'poles', 'top-fives', 'races'] as const;
export type LeaderboardKind = (typeof LEADERBOARDS)[number];

const COLUMN: Record<LeaderboardKind, 'wins' | 'poles' | 'top_fives' | 'races'> = {
  'race-wins': 'wins',
  poles: 'poles',
  'top-fives': 'top_fives',
  races: 'races',
};

export interface LeaderboardEntryDto {
  /** 1-based position in this leaderboard. */
  rank: number;
  custId: number;
  displayName: string;
  countryCode: string | null;
  /** The leaderboard's own count (wins, poles, top fives or races). */
  value: number;
  races: number;
  wins: number;
  poles: number;
  topFives: number;
  lapsLed: number;
  incidents: number;
}

interface StatsRow {
  cust_id: number;
  display_name: string;
  country_code: string | null;
  races: number;
  wins: number;
  poles: number;
  top_fives: number;
  laps_led: number;
  incidents: number;
}

export interface LeaderboardParams extends PageRequest {
  /**
   * The season as it stood at this instant (the races started before it; see season-as-of.ts).
   * Drivers are named as the season's rows name them now.
   */
  asOf?: Date;
}

export async function seasonLeaderboard(
  db: Knex,
  seasonId: number,
  kind: LeaderboardKind,
  params: LeaderboardParams = {},
): Promise<Page<LeaderboardEntryDto>> {
  const column = COLUMN[kind];
  if (!column)
    throw new InvalidQueryError('kind', `leaderboard must be one of ${LEADERBOARDS.join(', ')}`);
  if (params.asOf === undefined) return run(db, seasonLeaderboardStatement(seasonId, kind, params));
  const limit = pageLimit(params.limit);
  const offset = offsetOf(params);
  const rows = await rowsAt(db, seasonId, column, params.asOf, offset, limit);
  return offsetPage(rows, limit, offset, (r, index) => entryOf(r, column, index));
}

const STATS_COLUMNS = `cust_id, display_name, country_code, races, wins, poles, top_fives, laps_led,
  incidents`;

/** One leaderboard's rows today: an index range scan (the page size in the text). */
const boardSql = (column: Column, rows: number, offset: boolean) =>
  `SELECT ${STATS_COLUMNS} FROM ${SEASON_DRIVER_STATS_TABLE}
    WHERE season_id = ? AND ${column} > 0
    ORDER BY ${column} DESC, cust_id
    LIMIT ${rows}${offset ? ' OFFSET ?' : ''}`;

/** The statement of seasonLeaderboard today (without `asOf`). */
export function seasonLeaderboardStatement(
  seasonId: number,
  kind: LeaderboardKind,
  params: PageRequest = {},
): Statement<Page<LeaderboardEntryDto>> {
  const column = COLUMN[kind];
  if (!column)
    throw new InvalidQueryError('kind', `leaderboard must be one of ${LEADERBOARDS.join(', ')}`);
  const limit = pageLimit(params.limit);
  const offset = offsetOf(params);
  return statement<StatsRow, Page<LeaderboardEntryDto>>(
    boardSql(column, limit + 1, offset > 0),
    offset > 0 ? [seasonId, offset] : [seasonId],
    (rows) => offsetPage(rows, limit, offset, (r, index) => entryOf(r, column, index)),
  );
}

/** The first `limit` entries of all four leaderboards today, in one statement. */
export function seasonLeaderboardsStatement(
  seasonId: number,
  limit: number,
): Statement<Record<LeaderboardKind, LeaderboardEntryDto[]>> {
  const rows = pageLimit(limit);
  return statement<
    StatsRow & { kind: LeaderboardKind },
    Record<LeaderboardKind, LeaderboardEntryDto[]>
  >(
    LEADERBOARDS.map(
      (kind) => `(SELECT '${kind}' AS kind, b.* FROM (${boardSql(COLUMN[kind], rows, false)}) b)`,
    ).join(' UNION ALL '),
    LEADERBOARDS.map(() => seasonId),
    (all) =>
      Object.fromEntries(
        LEADERBOARDS.map((kind) => {
          const column = COLUMN[kind];
          const mine = all.filter((r) => r.kind === kind);
          return [kind, mine.map((r, index) => entryOf(r, column, index))];
        }),
      ) as Record<LeaderboardKind, LeaderboardEntryDto[]>,
  );
}

function entryOf(r: StatsRow, column: Column, index: number): LeaderboardEntryDto {
  return {
    rank: index + 1,
    custId: r.cust_id,
    displayName: r.display_name,
    countryCode: r.country_code,
    value: r[column],
    races: r.races,
    wins: r.wins,
    poles: r.poles,
    topFives: r.top_fives,
    lapsLed: r.laps_led,
    incidents: r.incidents,
  };
}

type Column = (typeof COLUMN)[LeaderboardKind];

/**
 * The entries at `at`: from the standings per week and per start down to depth 500
 * (seasonTopAt), deeper from the season's totals then (seasonDriverTotalsAt).
 */
async function rowsAt(
  db: Knex,
  seasonId: number,
  column: Column,
  at: Date,
  offset: number,
  limit: number,
): Promise<StatsRow[]> {
  const top = await seasonTopAt(db, seasonId, at, [column], offset + limit + 1);
  if (top) return namedTotals(db, seasonId, (top.get(column) ?? []).slice(offset));
  const totals = await seasonDriverTotalsAt(db, seasonId, at, 't');
  const { rows } = await db.raw<{ rows: StatsRow[] }>(
    `SELECT t.cust_id, n.display_name, n.country_code, t.races, t.wins, t.poles, t.top_fives,
            t.laps_led, t.incidents
       FROM ${totals.sql} JOIN ${SEASON_DRIVER_STATS_TABLE} n ON n.cust_id = t.cust_id AND n.season_id = ?
      WHERE t.${column} > 0
      ORDER BY t.${column} DESC, t.cust_id
      OFFSET ? LIMIT ?`,
    [...totals.bindings, seasonId, offset, limit + 1],
  );
  return rows;
}

/**
 * The first `limit` entries of every leaderboard at `at`, named, from one statement (for a batch,
 * src/db/batch.ts; seasonTopNamedAtStatement): the series stats page of a past day shows all
 * four. Its value reads further only for a board the first ranges did not settle. `limit` at
 * most STANDINGS_MAX_DEPTH.
 */
export function seasonLeaderboardsAtStatement(
  seasonId: number,
  at: Date,
  limit: number,
): Statement<(db: Knex) => Promise<Record<LeaderboardKind, LeaderboardEntryDto[]>>> {
  const first = seasonTopNamedAtStatement(
    seasonId,
    at,
    LEADERBOARDS.map((k) => COLUMN[k]),
    limit,
  );
  return {
    ...first,
    shape: (rows) => {
      const rest = first.shape(rows);
      return async (db) => boardsOf(await rest(db));
    },
  };
}

/** The four boards from seasonTopNamedAtStatement's answer. */
function boardsOf(
  top: Map<Column, NamedTotalsRow[]>,
): Record<LeaderboardKind, LeaderboardEntryDto[]> {
  return Object.fromEntries(
    LEADERBOARDS.map((kind) => {
      const column = COLUMN[kind];
      return [kind, (top.get(column) ?? []).map((r, index) => entryOf(r, column, index))];
    }),
  ) as Record<LeaderboardKind, LeaderboardEntryDto[]>;
}

export const seasonRaceWinsLeaderboard = (db: Knex, seasonId: number, params?: PageRequest) =>
  seasonLeaderboard(db, seasonId, 'race-wins', params);
export const seasonPolesLeaderboard = (db: Knex, seasonId: number, params?: PageRequest) =>
  seasonLeaderboard(db, seasonId, 'poles', params);
export const seasonTopFivesLeaderboard = (db: Knex, seasonId: number, params?: PageRequest) =>
  seasonLeaderboard(db, seasonId, 'top-fives', params);
export const seasonRacesLeaderboard = (db: Knex, seasonId: number, params?: PageRequest) =>
  seasonLeaderboard(db, seasonId, 'races', params);
