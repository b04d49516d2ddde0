import type { ResultsPart } from '../racing/part.ts';
import { applySeasonLeaderboards } from './apply.ts';
import { createSeasonLeaderboardTables, SEASON_DRIVER_STATS_TABLE } from './tables.ts';

export { SEASON_DRIVER_STATS_TABLE } from './tables.ts';

export const seasonLeaderboardsPart: ResultsPart = {
  name: 'season_leaderboards',
  version: 2,
  tables: [SEASON_DRIVER_STATS_TABLE],
  createTables: createSeasonLeaderboardTables,
  apply: applySeasonLeaderboards,
};
