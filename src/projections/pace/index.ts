import type { ResultsPart } from '../racing/part.ts';
import { applyPace } from './apply.ts';
import { paceRebuild } from './rebuild.ts';
import { createPaceTables, PACE_TABLE } from './tables.ts';

export { PACE_BAND_WIDTH, PACE_TABLE } from './tables.ts';

/** Mean lap times per season, week, car and iRating band (the series pace page). */
export const pacePart: ResultsPart = {
  name: 'pace',
  version: 1,
  tables: [PACE_TABLE],
  createTables: createPaceTables,
  apply: applyPace,
  rebuild: paceRebuild,
};
