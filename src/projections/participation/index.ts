import type { ResultsPart } from '../racing/part.ts';
import { applyParticipation } from './apply.ts';
import { participationRebuild } from './rebuild.ts';
import {
  createParticipationTables,
  PARTICIPATION_TABLE,
  PARTICIPATION_WEEKS_TABLE,
  WEEK_DRIVERS_TABLE,
} from './tables.ts';

export { PARTICIPATION_TABLE, PARTICIPATION_WEEKS_TABLE, WEEK_DRIVERS_TABLE } from './tables.ts';

/** Participation and strength of field per week and time slot. Runs after the subsessions part. */
export const participationPart: ResultsPart = {
  name: 'participation',
  // 2: distinct drivers per slot and per week. 3: each week's sums of its slots in its row.
  version: 3,
  tables: [PARTICIPATION_TABLE, WEEK_DRIVERS_TABLE, PARTICIPATION_WEEKS_TABLE],
  createTables: createParticipationTables,
  apply: applyParticipation,
  rebuild: participationRebuild,
};
