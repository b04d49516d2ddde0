import type { ResultsPart } from '../racing/part.ts';
import { applyDrivers } from './apply.ts';
import { driversRebuild } from './rebuild.ts';
import {
  createDriverTables,
  DRIVER_LICENSES_TABLE,
  DRIVER_SEARCH_HITS_TABLE,
  DRIVERS_TABLE,
  IRATING_BUCKETS_TABLE,
  IRATING_PERCENTILES_TABLE,
  LICENCE_CLASS_COUNTS_TABLE,
} from './tables.ts';

export {
  DRIVER_LICENSES_TABLE,
  DRIVER_SEARCH_HITS_TABLE,
  DRIVERS_TABLE,
  IRATING_BUCKET_WIDTH,
  IRATING_BUCKETS_TABLE,
  IRATING_PERCENTILES,
  IRATING_PERCENTILES_TABLE,
  LICENCE_CLASS_COUNTS_TABLE,
} from './tables.ts';

/** Drivers, licences per category, the search index and hits, and the iRating distribution. */
export const driversPart: ResultsPart = {
  name: 'drivers',
  // 6: the driver's country on each licence row, ranked by (category, country, iRating).
  // 7: the name trigram index without a pending list (fastupdate off).
  // 8: the prefix search indexes carry the hit's columns (index-only word-start scans).
  // 9: each driver's search hit stored as the API's JSON text (racing_driver_search_hits).
  // 10: the prefix search keys end in cust_id; racing_drivers_id_name (the fragment walk by id).
  version: 10,
  tables: [
    DRIVERS_TABLE,
    DRIVER_LICENSES_TABLE,
    IRATING_BUCKETS_TABLE,
    IRATING_PERCENTILES_TABLE,
    LICENCE_CLASS_COUNTS_TABLE,
    DRIVER_SEARCH_HITS_TABLE,
  ],
  createTables: createDriverTables,
  apply: applyDrivers,
  rebuild: driversRebuild,
};
