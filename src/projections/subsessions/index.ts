import type { ResultsPart } from '../racing/part.ts';
import { applySubsessions } from './apply.ts';
import { subsessionsRebuild } from './rebuild.ts';
import {
  createSubsessionTables,
  RESULTS_TABLE,
  SESSIONS_TABLE,
  SUBSESSIONS_TABLE,
} from './tables.ts';

export { RESULTS_TABLE, SESSIONS_TABLE, SUBSESSIONS_TABLE } from './tables.ts';

/** Sessions, subsessions and results per simsession. Must run first: other parts read its rows. */
export const subsessionsPart: ResultsPart = {
  name: 'subsessions',
  // 3: indexes for a season's strongest splits and for the sessions list; 4: the session's
  // largest split (the split prediction's field-size evidence) on its row; 5: the category on
  // every result row, a driver's races by category, and the head to head's columns in the
  // driver's races index; 6: the split prediction's columns in the series' sessions index.
  version: 6,
  tables: [SUBSESSIONS_TABLE, RESULTS_TABLE, SESSIONS_TABLE],
  createTables: createSubsessionTables,
  apply: applySubsessions,
  rebuild: subsessionsRebuild,
};
