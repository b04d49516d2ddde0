import type { ResultsPart } from '../racing/part.ts';
import { applyDriverCareer } from './apply.ts';
import { driverCareerRebuild } from './rebuild.ts';
import {
  createDriverCareerTables,
  DRIVER_TOTALS_TABLE,
  DRIVER_USAGE_TABLE,
  DRIVER_YEARS_TABLE,
} from './tables.ts';

export { DRIVER_TOTALS_TABLE, DRIVER_USAGE_TABLE, DRIVER_YEARS_TABLE } from './tables.ts';

/** A driver's starts per year, per category and per series, car and track (the profile). */
export const driverCareerPart: ResultsPart = {
  name: 'driver_career',
  version: 1,
  tables: [DRIVER_YEARS_TABLE, DRIVER_TOTALS_TABLE, DRIVER_USAGE_TABLE],
  createTables: createDriverCareerTables,
  apply: applyDriverCareer,
  rebuild: driverCareerRebuild,
};
