import { z } from 'zod';
import {
  RACING_CATEGORIES,
  racingCategoryFromId,
  type RacingCategory,
} from '../../events/racing/common.ts';
import {
  carCataloguedData,
  seasonScheduledData,
  seriesCataloguedData,
  trackCataloguedData,
  type CarCataloguedData,
  type ScheduleWeek,
  type SeasonScheduledData,
  type SeriesCataloguedData,
  type TrackCataloguedData,
} from '../../events/racing/catalog.ts';
import type { CarInfo, SeriesInfo, SeriesSeason, TrackInfo } from '../schemas/index.ts';
import { IngestMappingError } from './mapping-error.ts';
import { timeSlotsOf } from './time-slots.ts';
import { countOrNull, groupOrNull, isoDay, trackRefOf } from './values.ts';

/**
 * Catalog payloads → catalog events. Pure; each throws IngestMappingError when the payload
 * cannot fit its event.
 *  - series/seasons → SeasonScheduled per season (weeks with their daily time slots), and,
 *    when the source has no series/get, SeriesCatalogued derived from the seasons;
 *  - series/get (or series/past_seasons' `series`) → SeriesCatalogued;
 *  - car/get → CarCatalogued; track/get → TrackCatalogued.
 */

function checked<S extends z.ZodType>(
  schema: S,
  data: z.input<S>,
  subject: string,
  event: string,
): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success)
    throw new IngestMappingError(subject, `does not fit ${event}`, result.error.issues);
  return result.data;
}

const CATEGORY_SLUGS = new Set<string>(RACING_CATEGORIES);

/** A category from an API slug ("road", "Dirt Oval", "sports_car"); null for anything else. */
export function categoryFromSlug(slug: string | undefined): RacingCategory | null {
  if (!slug) return null;
  const normal = slug.trim().toLowerCase().replace(/\s+/g, '_');
  return CATEGORY_SLUGS.has(normal) ? (normal as RacingCategory) : null;
}

/**
 * A season's category: the loose `category_id` some payloads carry, else its single track type
 * ("oval", "road", "dirt_oval", "dirt_road"); null for mixed or unknown.
 */
function seasonCategory(season: SeriesSeason): RacingCategory | null {
  const loose = (season as { category_id?: unknown }).category_id;
  if (typeof loose === 'number') return racingCategoryFromId(loose);
  const types = [...new Set((season.track_types ?? []).map((t) => t.track_type))];
  return types.length === 1 ? categoryFromSlug(types[0]) : null;
}

/** "GT3 Challenge - 2025 Season 4 - Fixed" → "GT3 Challenge" (when no schedule names the series). */
function seriesNameOf(season: SeriesSeason): string {
  const fromSchedule = season.schedules[0]?.series_name;
  if (fromSchedule) return fromSchedule;
  const loose = (season as { series_name?: unknown }).series_name;
  if (typeof loose === 'string' && loose.length > 0) return loose;
  return season.season_name.replace(/\s+-\s+\d{4}\s+Season.*$/i, '').trim() || season.season_name;
}

export function mapSeriesSeason(season: SeriesSeason): SeasonScheduledData {
  const subject = `series/seasons season ${season.season_id}`;
  const weeks: ScheduleWeek[] = [...season.schedules]
    .sort((a, b) => a.race_week_num - b.race_week_num)
    .map((w) => ({
      raceWeekNum: Math.max(0, w.race_week_num),
      startDate: isoDay(w.start_date, subject),
      track: {
        ...trackRefOf(w.track),
        category:
          w.track.category_id !== undefined
            ? racingCategoryFromId(w.track.category_id)
            : categoryFromSlug(w.track.category),
      },
      raceLapLimit: countOrNull(w.race_lap_limit),
      raceTimeLimitMinutes: countOrNull(w.race_time_limit),
      timeSlots: timeSlotsOf(w.race_time_descriptors, season.schedule_description),
      startType: w.start_type ?? null,
    }));
  return checked(
    seasonScheduledData,
    {
      seasonId: season.season_id,
      seriesId: season.series_id,
      seriesName: seriesNameOf(season),
      seasonName: season.season_name,
      seasonShortName: season.season_short_name,
      seasonYear: season.season_year,
      seasonQuarter: season.season_quarter,
      category: seasonCategory(season),
      official: season.official,
      active: season.active,
      complete: season.complete ?? false,
      licenseGroup: groupOrNull(season.license_group),
      multiclass: season.multiclass,
      fixedSetup: season.fixed_setup,
      maxWeeks: Math.max(0, season.max_weeks),
      startDate: isoDay(season.start_date, subject),
      carClassIds: season.car_class_ids,
      scheduleDescription: season.schedule_description?.trim() || null,
      weeks,
    },
    subject,
    'SeasonScheduled',
  );
}

/** series/get rows (not in the recordings: only the fields Pitwall uses are required). */
export const SeriesGetRow = z.looseObject({
  series_id: z.number().int(),
  series_name: z.string(),
  series_short_name: z.string().optional(),
  category_id: z.number().int().optional(),
  category: z.string().optional(),
  allowed_licenses: z.array(z.looseObject({ license_group: z.number().int() })).optional(),
  license_group: z.number().int().optional(),
  official: z.boolean().optional(),
  logo: z.string().nullable().optional(),
  search_filters: z.string().optional(),
});
export type SeriesGetRow = z.infer<typeof SeriesGetRow>;
export const SeriesGetRows = z.array(SeriesGetRow);

const later = (a: SeriesSeason, b: SeriesSeason) =>
  a.season_year * 10 + a.season_quarter - (b.season_year * 10 + b.season_quarter) ||
  a.season_id - b.season_id;

/**
 * A series as the catalog describes it (series/get or series/past_seasons' `series`), with the
 * flags the series/get rows lack (official, multiclass, licence) taken from its newest season.
 */
export function mapSeriesInfo(
  series: SeriesGetRow | SeriesInfo,
  newestSeason: SeriesSeason | undefined,
): SeriesCataloguedData {
  const subject = `series ${series.series_id}`;
  const minGroup =
    'license_group' in series && typeof series.license_group === 'number'
      ? series.license_group
      : series.allowed_licenses?.length
        ? Math.min(...series.allowed_licenses.map((l) => l.license_group))
        : newestSeason?.license_group;
  const category =
    (series.category_id !== undefined ? racingCategoryFromId(series.category_id) : null) ??
    categoryFromSlug(series.category) ??
    (newestSeason ? seasonCategory(newestSeason) : null);
  return checked(
    seriesCataloguedData,
    {
      seriesId: series.series_id,
      seriesName: series.series_name,
      seriesShortName: series.series_short_name ?? series.series_name,
      category,
      licenseGroup: groupOrNull(minGroup),
      official:
        newestSeason?.official ??
        ('official' in series && typeof series.official === 'boolean' ? series.official : true),
      multiclass: newestSeason?.multiclass ?? false,
      logo: series.logo ?? null,
      description: null,
    },
    subject,
    'SeriesCatalogued',
  );
}

/** SeriesCatalogued per series found in series/seasons, for a source without series/get. */
export function seriesFromSeasons(seasons: readonly SeriesSeason[]): SeriesCataloguedData[] {
  const newest = newestSeasonBySeries(seasons);
  return [...newest.values()].map((season) =>
    checked(
      seriesCataloguedData,
      {
        seriesId: season.series_id,
        seriesName: seriesNameOf(season),
        seriesShortName: seriesNameOf(season),
        category: seasonCategory(season),
        licenseGroup: groupOrNull(season.license_group),
        official: season.official,
        multiclass: season.multiclass,
        logo: null,
        description: null,
      },
      `series/seasons series ${season.series_id}`,
      'SeriesCatalogued',
    ),
  );
}

export function newestSeasonBySeries(seasons: readonly SeriesSeason[]): Map<number, SeriesSeason> {
  const newest = new Map<number, SeriesSeason>();
  for (const s of seasons) {
    const prev = newest.get(s.series_id);
    if (!prev || later(s, prev) > 0) newest.set(s.series_id, s);
  }
  return newest;
}

export function mapCar(car: CarInfo): CarCataloguedData {
  const categories = [
    ...new Set(
      (car.categories ?? []).map(categoryFromSlug).filter((c): c is RacingCategory => c !== null),
    ),
  ].sort();
  return checked(
    carCataloguedData,
    {
      carId: car.car_id,
      carName: car.car_name,
      carShortName: car.car_name_abbreviated?.trim() || null,
      carTypes: [...new Set((car.car_types ?? []).map((t) => t.car_type))].sort(),
      categories,
    },
    `car/get car ${car.car_id}`,
    'CarCatalogued',
  );
}

const KM_PER_MILE = 1.609344;

/** track/get's `track_config_length` is in miles (iRacing's unit); the event keeps km. */
export function mapTrack(track: TrackInfo): TrackCataloguedData {
  const miles = track.track_config_length;
  return checked(
    trackCataloguedData,
    {
      ...trackRefOf(track),
      category: racingCategoryFromId(track.category_id) ?? categoryFromSlug(track.category),
      lengthKm:
        miles !== undefined && miles > 0 ? Math.round(miles * KM_PER_MILE * 1000) / 1000 : null,
      cornersPerLap: countOrNull(track.corners_per_lap),
    },
    `track/get track ${track.track_id}`,
    'TrackCatalogued',
  );
}
