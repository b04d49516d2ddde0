import { z } from 'zod';
import { defineEvent, type EventData } from '../../eventstore/event-types.ts';
import { count, id, isoDate, racingCategory, trackRef } from './common.ts';

/**
 * The racing catalog: series (`series-<id>`), seasons with their weekly schedule
 * (`season-<id>`), cars (`car-<id>`) and track layouts (`track-<id>`). Each event carries the
 * whole current description; a later event of the same stream replaces the earlier one.
 */

export const seriesCataloguedData = z.object({
  seriesId: id,
  seriesName: z.string(),
  seriesShortName: z.string(),
  /** null when the series races more than one category or the source does not say. */
  category: racingCategory.nullable(),
  /** Minimum licence group 1..7. */
  licenseGroup: z.number().int().min(1).max(7).nullable(),
  official: z.boolean(),
  multiclass: z.boolean(),
  logo: z.string().nullable(),
  description: z.string().nullable(),
});
export type SeriesCataloguedData = z.infer<typeof seriesCataloguedData>;

/** "HH:MM" in UTC. */
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const scheduleWeek = z.object({
  raceWeekNum: z.number().int().nonnegative(),
  startDate: isoDate,
  track: trackRef.extend({ category: racingCategory.nullable() }),
  raceLapLimit: count.nullable(),
  raceTimeLimitMinutes: count.nullable(),
  /** Race start times of every day of the week, UTC, ascending; empty when unknown. */
  timeSlots: z.array(timeOfDay),
  startType: z.string().nullable(),
});
export type ScheduleWeek = z.infer<typeof scheduleWeek>;

export const seasonScheduledData = z.object({
  seasonId: id,
  seriesId: id,
  seriesName: z.string(),
  seasonName: z.string(),
  seasonShortName: z.string(),
  seasonYear: z.number().int(),
  seasonQuarter: z.number().int().min(1).max(4),
  category: racingCategory.nullable(),
  official: z.boolean(),
  active: z.boolean(),
  complete: z.boolean(),
  licenseGroup: z.number().int().min(1).max(7).nullable(),
  multiclass: z.boolean(),
  fixedSetup: z.boolean(),
  maxWeeks: count,
  startDate: isoDate,
  carClassIds: z.array(id),
  /** As iRacing words it ("Races every 2 hours on the hour"). */
  scheduleDescription: z.string().nullable(),
  weeks: z.array(scheduleWeek),
});
export type SeasonScheduledData = z.infer<typeof seasonScheduledData>;

export const carCataloguedData = z.object({
  carId: id,
  carName: z.string(),
  carShortName: z.string().nullable(),
  /** iRacing's car types ("gt3", "openwheel"…). */
  carTypes: z.array(z.string()),
  categories: z.array(racingCategory),
});
export type CarCataloguedData = z.infer<typeof carCataloguedData>;

export const trackCataloguedData = trackRef.extend({
  category: racingCategory.nullable(),
  /** Length of the layout in km, when known. */
  lengthKm: z.number().positive().nullable(),
  cornersPerLap: count.nullable(),
});
export type TrackCataloguedData = z.infer<typeof trackCataloguedData>;

export const SeriesCatalogued = defineEvent({
  type: 'SeriesCatalogued',
  version: 1,
  schema: seriesCataloguedData,
});
export const SeasonScheduled = defineEvent({
  type: 'SeasonScheduled',
  version: 1,
  schema: seasonScheduledData,
});
export const CarCatalogued = defineEvent({
  type: 'CarCatalogued',
  version: 1,
  schema: carCataloguedData,
});
export const TrackCatalogued = defineEvent({
  type: 'TrackCatalogued',
  version: 1,
  schema: trackCataloguedData,
});

export type SeriesCataloguedEvent = {
  type: 'SeriesCatalogued';
  data: EventData<typeof SeriesCatalogued>;
};
export type SeasonScheduledEvent = {
  type: 'SeasonScheduled';
  data: EventData<typeof SeasonScheduled>;
};
export type CarCataloguedEvent = { type: 'CarCatalogued'; data: EventData<typeof CarCatalogued> };
export type TrackCataloguedEvent = {
  type: 'TrackCatalogued';
  data: EventData<typeof TrackCatalogued>;
};
export type CatalogEvent =
  SeriesCataloguedEvent | SeasonScheduledEvent | CarCataloguedEvent | TrackCataloguedEvent;

export const catalogEventTypes = [
  'SeriesCatalogued',
  'SeasonScheduled',
  'CarCatalogued',
  'TrackCatalogued',
] as const satisfies readonly CatalogEvent['type'][];
