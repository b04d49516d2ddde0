import type { ResultsPart } from '../racing/part.ts';
import { applySeasonLeaderboards } from './apply.ts';
import { seasonLeaderboardsRebuild } from './rebuild.ts';
import {
  createSeasonLeaderboardTables,
  SEASON_DRIVER_COUNTS_TABLE,
  SEASON_DRIVER_STATS_TABLE,
  SEASON_STANDINGS_TABLE,
  SEASON_START_STANDINGS_TABLE,
  SEASON_WEEK_DRIVER_STATS_TABLE,
} from './tables.ts';

export {
  SEASON_DRIVER_COUNTS_TABLE,
  SEASON_DRIVER_STATS_TABLE,
  SEASON_STANDINGS_TABLE,
  SEASON_START_STANDINGS_TABLE,
  SEASON_WEEK_DRIVER_STATS_TABLE,
} from './tables.ts';

export const seasonLeaderboardsPart: ResultsPart = {
  name: 'season_leaderboards',
  // Name, category and country follow the latest start that states them (batch-independent);
  // the weekly rows, the cumulative standings per week and per start are kept beside the season
  // rows; 6: the number of drivers per season; 7: the standings per start.
  version: 7,
  tables: [
    SEASON_DRIVER_STATS_TABLE,
    SEASON_WEEK_DRIVER_STATS_TABLE,
    SEASON_STANDINGS_TABLE,
    SEASON_DRIVER_COUNTS_TABLE,
    SEASON_START_STANDINGS_TABLE,
  ],
  createTables: createSeasonLeaderboardTables,
  apply: applySeasonLeaderboards,
  rebuild: seasonLeaderboardsRebuild,
};
