import type { EventDefinition } from '../eventstore/event-types.ts';
import {
  CarCatalogued,
  SeasonScheduled,
  SeriesCatalogued,
  TrackCatalogued,
  type CatalogEvent,
} from './racing/catalog.ts';
import {
  DriverProfileRecorded,
  DriverRatingHistoryRecorded,
  type DriverEvent,
} from './racing/drivers.ts';
import {
  SubsessionResultsCorrected,
  SubsessionResultsRecorded,
  type SubsessionEvent,
} from './racing/results.ts';

/**
 * Racing events: the clean domain facts Pitwall keeps from the iRacing Data API (and from the
 * demo-data generator, which travels the same ingest path). Units and encodings: see
 * ./racing/common.ts. The ingest maps API payloads to these; projections read them.
 */
export * from './racing/common.ts';
export * from './racing/results.ts';
export * from './racing/drivers.ts';
export * from './racing/catalog.ts';

export type RacingEvent = SubsessionEvent | DriverEvent | CatalogEvent;

/** Every racing event definition, for the event store's registry. */
export const racingEventDefinitions: readonly EventDefinition[] = [
  SubsessionResultsRecorded,
  SubsessionResultsCorrected,
  DriverProfileRecorded,
  DriverRatingHistoryRecorded,
  SeriesCatalogued,
  SeasonScheduled,
  CarCatalogued,
  TrackCatalogued,
];
