import { isIracingError } from '../client/errors.ts';
import { SeriesSeasons, type SeriesSeason } from '../schemas/index.ts';
import { describeFailure, isFatalForRun, type IngestFailure } from './failures.ts';
import type { RacingFact } from './facts.ts';
import type { IngestContext } from './ingest-results.ts';
import {
  SeriesGetRows,
  mapCar,
  mapSeriesInfo,
  mapSeriesSeason,
  mapTrack,
  newestSeasonBySeries,
  seriesFromSeasons,
  type SeriesGetRow,
} from './map-catalog.ts';
import { forEachBounded } from './bounded.ts';

export interface CatalogOptions {
  /**
   * Seasons to catalog by year and quarter (series/seasons with season_year/season_quarter);
   * default: the active seasons (series/seasons without them).
   */
  quarters?: readonly { year: number; quarter: number }[];
}

export interface CatalogReport {
  seasons: number;
  series: number;
  /** Where the series descriptions came from. */
  seriesSource: 'series/get' | 'series/seasons';
  cars: number;
  tracks: number;
  /**
   * Entries listed twice under one id (e.g. two cars with one car_id): the later one is recorded,
   * so a re-run records the same value again instead of flipping between the two.
   */
  duplicates: string[];
  /** Endpoints the source does not answer (404/403): skipped. */
  unavailable: string[];
  failed: IngestFailure[];
}

/**
 * The catalog: series/seasons (seasons with their weekly schedules), series/get (falling back to
 * series derived from the seasons when the source does not answer it), car/get and track/get.
 * Each entry is its own stream and is recorded idempotently; an entry that cannot be mapped is
 * reported and the rest goes on.
 */
export async function ingestCatalog(
  ctx: IngestContext,
  opts: CatalogOptions = {},
): Promise<CatalogReport> {
  const report: CatalogReport = {
    seasons: 0,
    series: 0,
    seriesSource: 'series/seasons',
    cars: 0,
    tracks: 0,
    duplicates: [],
    unavailable: [],
    failed: [],
  };
  const optional = async <T>(endpoint: string, fetch: () => Promise<T>): Promise<T | null> => {
    try {
      return await fetch();
    } catch (err) {
      if (isIracingError(err) && err.kind === 'forbidden_or_missing') {
        report.unavailable.push(endpoint);
        return null;
      }
      throw err;
    }
  };

  const seasons: SeriesSeason[] = [];
  if (opts.quarters && opts.quarters.length > 0) {
    for (const q of opts.quarters) {
      seasons.push(
        ...(await ctx.client.getJson(
          'series/seasons',
          { include_series: true, season_year: q.year, season_quarter: q.quarter },
          SeriesSeasons,
        )),
      );
    }
  } else {
    seasons.push(...(await ctx.client.seriesSeasons({ includeSeries: true })));
  }
  const seriesRows: SeriesGetRow[] | null = await optional('series/get', () =>
    ctx.client.getJson('series/get', {}, SeriesGetRows),
  );
  const cars = await optional('car/get', () => ctx.client.cars());
  const tracks = await optional('track/get', () => ctx.client.tracks());

  const byKey = new Map<string, { subject: string; make: () => RacingFact }>();
  const facts = {
    push(entry: { subject: string; make: () => RacingFact }) {
      if (byKey.has(entry.subject)) report.duplicates.push(entry.subject);
      byKey.delete(entry.subject);
      byKey.set(entry.subject, entry);
    },
  };
  for (const season of seasons) {
    facts.push({
      subject: `season ${season.season_id}`,
      make: () => ({ kind: 'season', data: mapSeriesSeason(season) }),
    });
  }
  if (seriesRows) {
    report.seriesSource = 'series/get';
    const newest = newestSeasonBySeries(seasons);
    for (const row of seriesRows) {
      facts.push({
        subject: `series ${row.series_id}`,
        make: () => ({ kind: 'series', data: mapSeriesInfo(row, newest.get(row.series_id)) }),
      });
    }
  } else {
    for (const data of seriesFromSeasons(seasons)) {
      facts.push({ subject: `series ${data.seriesId}`, make: () => ({ kind: 'series', data }) });
    }
  }
  for (const car of cars ?? []) {
    facts.push({ subject: `car ${car.car_id}`, make: () => ({ kind: 'car', data: mapCar(car) }) });
  }
  for (const track of tracks ?? []) {
    facts.push({
      subject: `track ${track.track_id}`,
      make: () => ({ kind: 'track', data: mapTrack(track) }),
    });
  }

  await forEachBounded(
    [...byKey.values()],
    ctx.concurrency ?? 8,
    async ({ subject, make }) => {
      let fact: RacingFact;
      try {
        fact = make();
      } catch (err) {
        if (isFatalForRun(err)) throw err;
        report.failed.push(describeFailure(subject, err));
        return;
      }
      await ctx.writer.record([fact]);
      switch (fact.kind) {
        case 'season':
          report.seasons += 1;
          break;
        case 'series':
          report.series += 1;
          break;
        case 'car':
          report.cars += 1;
          break;
        case 'track':
          report.tracks += 1;
          break;
        default:
          break;
      }
    },
    ctx.signal,
  );
  return report;
}
