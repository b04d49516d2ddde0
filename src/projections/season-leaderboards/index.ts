import type { ResultsPart } from '../racing/part.ts';
import { applySeasonLeaderboards } from './apply.ts';
import { seasonLeaderboardsRebuild } from './rebuild.ts';
import { createSeasonLeaderboardTables, SEASON_DRIVER_STATS_TABLE } from './tables.ts';

export { SEASON_DRIVER_STATS_TABLE } from './tables.ts';

export const seasonLeaderboardsPart: ResultsPart = {
  name: 'season_leaderboards',
  // 3: name, category and country follow the latest start that states them (batch-independent).
  version: 3,
  tables: [SEASON_DRIVER_STATS_TABLE],
  createTables: createSeasonLeaderboardTables,
  apply: applySeasonLeaderboards,
  rebuild: seasonLeaderboardsRebuild,
};
