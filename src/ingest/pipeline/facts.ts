import type {
  CarCataloguedData,
  SeasonScheduledData,
  SeriesCataloguedData,
  TrackCataloguedData,
} from '../../events/racing/catalog.ts';
import {
  carStreamName,
  driverStreamName,
  seasonStreamName,
  seriesStreamName,
  subsessionStreamName,
  trackStreamName,
} from '../../events/racing/common.ts';
import type { DriverProfileData, DriverRatingHistoryData } from '../../events/racing/drivers.ts';
import type { SubsessionResultsData } from '../../events/racing/results.ts';

/**
 * A fact the ingest learned, before it is recorded. Each fact lives in one stream and one
 * "slot" of that stream (a subsession's results; a driver's profile; a driver's chart of one
 * category and kind; a catalog entry). A slot holds one current value: recording a fact whose
 * content equals the slot's last event appends nothing; a different content appends the
 * correction type (which, for all but results, is the same type: "a later event of the same
 * stream replaces the earlier one").
 */
export type RacingFact =
  | { kind: 'subsession'; data: SubsessionResultsData }
  | { kind: 'driver-profile'; data: DriverProfileData }
  | { kind: 'rating-history'; data: DriverRatingHistoryData }
  | { kind: 'series'; data: SeriesCataloguedData }
  | { kind: 'season'; data: SeasonScheduledData }
  | { kind: 'car'; data: CarCataloguedData }
  | { kind: 'track'; data: TrackCataloguedData };

export interface FactPlacement {
  streamName: string;
  slot: string;
  /** Type of the slot's first event. */
  firstType: string;
  /** Type of every later event of the slot (a changed fact). */
  correctionType: string;
}

export function placementOf(fact: RacingFact): FactPlacement {
  switch (fact.kind) {
    case 'subsession':
      return {
        streamName: subsessionStreamName(fact.data.subsessionId),
        slot: 'results',
        firstType: 'SubsessionResultsRecorded',
        correctionType: 'SubsessionResultsCorrected',
      };
    case 'driver-profile':
      return same(driverStreamName(fact.data.custId), 'profile', 'DriverProfileRecorded');
    case 'rating-history':
      return same(
        driverStreamName(fact.data.custId),
        chartSlot(fact.data.category, fact.data.chart),
        'DriverRatingHistoryRecorded',
      );
    case 'series':
      return same(seriesStreamName(fact.data.seriesId), 'series', 'SeriesCatalogued');
    case 'season':
      return same(seasonStreamName(fact.data.seasonId), 'season', 'SeasonScheduled');
    case 'car':
      return same(carStreamName(fact.data.carId), 'car', 'CarCatalogued');
    case 'track':
      return same(trackStreamName(fact.data.trackId), 'track', 'TrackCatalogued');
    default: {
      const never: never = fact;
      throw new Error(`Unknown fact ${JSON.stringify(never)}`);
    }
  }
}

function same(streamName: string, slot: string, type: string): FactPlacement {
  return { streamName, slot, firstType: type, correctionType: type };
}

const chartSlot = (category: string, chart: string) => `chart:${category}:${chart}`;

/**
 * The slot of an event already in a stream (recognised by type and data), or null for an event
 * the ingest did not write (it never counts as a slot's value).
 */
export function slotOfRecorded(type: string, data: unknown): string | null {
  switch (type) {
    case 'SubsessionResultsRecorded':
    case 'SubsessionResultsCorrected':
      return 'results';
    case 'DriverProfileRecorded':
      return 'profile';
    case 'DriverRatingHistoryRecorded': {
      const d = data as { category?: unknown; chart?: unknown };
      return typeof d.category === 'string' && typeof d.chart === 'string'
        ? chartSlot(d.category, d.chart)
        : null;
    }
    case 'SeriesCatalogued':
      return 'series';
    case 'SeasonScheduled':
      return 'season';
    case 'CarCatalogued':
      return 'car';
    case 'TrackCatalogued':
      return 'track';
    default:
      return null;
  }
}

/** Streams whose only slot is one fact: reading their last event is enough to compare. */
export function isSingleSlotStream(fact: RacingFact): boolean {
  return fact.kind !== 'driver-profile' && fact.kind !== 'rating-history';
}
