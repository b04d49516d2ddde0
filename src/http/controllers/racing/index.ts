import { driverApiEndpoints } from './drivers/api.ts';
import { seasonApiEndpoints } from './seasons/api.ts';
import { seriesApiEndpoints } from './series/api.ts';
import type { ApiEndpoint } from './shared/endpoint.ts';
import { subsessionApiEndpoints } from './subsessions/api.ts';
import { worldRecordApiEndpoints } from './world-records/api.ts';

/** Every endpoint of the racing JSON API: routes for the table, operations for the document. */
export const racingApiEndpoints: readonly ApiEndpoint[] = [
  ...driverApiEndpoints,
  ...seasonApiEndpoints,
  ...seriesApiEndpoints,
  ...subsessionApiEndpoints,
  ...worldRecordApiEndpoints,
];
