import type { ResultsPart } from '../racing/part.ts';
import { applyLapTimes } from './apply.ts';
import { lapTimesRebuild } from './rebuild.ts';
import {
  CAR_TIME_STEPS_TABLE,
  CAR_TIMES_TABLE,
  createLapTimeTables,
  FASTEST_LAPS_TABLE,
  WORLD_RECORDS_TABLE,
} from './tables.ts';

export {
  CAR_TIME_STEPS_TABLE,
  CAR_TIMES_TABLE,
  FASTEST_LAPS_TABLE,
  WORLD_RECORDS_TABLE,
} from './tables.ts';

/** Car times, fastest laps and world records. Runs after the subsessions part (corrections read its rows). */
export const lapTimesPart: ResultsPart = {
  name: 'lap_times',
  // 2: a car's best lap breaks ties by the earlier lap, as fastest laps and world records do.
  // 3: the car times per subsession (racing_car_time_steps) for a week at an instant.
  version: 3,
  tables: [FASTEST_LAPS_TABLE, CAR_TIMES_TABLE, WORLD_RECORDS_TABLE, CAR_TIME_STEPS_TABLE],
  createTables: createLapTimeTables,
  apply: applyLapTimes,
  rebuild: lapTimesRebuild,
};
