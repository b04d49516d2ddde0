import type { ResultsPart } from '../racing/part.ts';
import { applySeasonLeaderboards } from './apply.ts';
import { seasonLeaderboardsRebuild } from './rebuild.ts';
import {
  createSeasonLeaderboardTables,
  SEASON_DRIVER_COUNTS_TABLE,
  SEASON_DRIVER_STATS_TABLE,
  SEASON_STANDINGS_TABLE,
  SEASON_WEEK_DRIVER_STATS_TABLE,
} from './tables.ts';

export {
  SEASON_DRIVER_COUNTS_TABLE,
  SEASON_DRIVER_STATS_TABLE,
  SEASON_STANDINGS_TABLE,
  SEASON_WEEK_DRIVER_STATS_TABLE,
} from './tables.ts';

export const seasonLeaderboardsPart: ResultsPart = {
  name: 'season_leaderboards',
  // Name, category and country follow the latest start that states them (batch-independent);
  // the weekly rows and the cumulative standings per week are kept beside the season rows;
  // 6: the number of drivers per season.
  version: 6,
  tables: [
    SEASON_DRIVER_STATS_TABLE,
    SEASON_WEEK_DRIVER_STATS_TABLE,
    SEASON_STANDINGS_TABLE,
    SEASON_DRIVER_COUNTS_TABLE,
  ],
  createTables: createSeasonLeaderboardTables,
  apply: applySeasonLeaderboards,
  rebuild: seasonLeaderboardsRebuild,
};
