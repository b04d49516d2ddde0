import type { Knex } from 'knex';
import { SEASON_DRIVER_STATS_TABLE } from '../../projections/season-leaderboards/tables.ts';
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

export async function seasonLeaderboard(
  db: Knex,
  seasonId: number,
  kind: LeaderboardKind,
  params: PageRequest = {},
): Promise<Page<LeaderboardEntryDto>> {
  const column = COLUMN[kind];
  if (!column)
    throw new InvalidQueryError('kind', `leaderboard must be one of ${LEADERBOARDS.join(', ')}`);
  const limit = pageLimit(params.limit);
  const offset = offsetOf(params);
  const rows = await db<StatsRow & { season_id: number }>(SEASON_DRIVER_STATS_TABLE)
    .select(
      'cust_id',
      'display_name',
      'country_code',
      'races',
      'wins',
      'poles',
      'top_fives',
      'laps_led',
      'incidents',
    )
    .where('season_id', seasonId)
    .andWhere(column, '>', 0)
    .orderBy([
      { column, order: 'desc' },
      { column: 'cust_id', order: 'asc' },
    ])
    .offset(offset)
    .limit(limit + 1);
  return offsetPage(rows, limit, offset, (r, index) => ({
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
  }));
}

export const seasonRaceWinsLeaderboard = (db: Knex, seasonId: number, params?: PageRequest) =>
  seasonLeaderboard(db, seasonId, 'race-wins', params);
export const seasonPolesLeaderboard = (db: Knex, seasonId: number, params?: PageRequest) =>
  seasonLeaderboard(db, seasonId, 'poles', params);
export const seasonTopFivesLeaderboard = (db: Knex, seasonId: number, params?: PageRequest) =>
  seasonLeaderboard(db, seasonId, 'top-fives', params);
export const seasonRacesLeaderboard = (db: Knex, seasonId: number, params?: PageRequest) =>
  seasonLeaderboard(db, seasonId, 'races', params);
