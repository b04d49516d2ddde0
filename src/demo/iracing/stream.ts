import { CATEGORY_COUNT, LICENCE_CATEGORIES } from './catalog/categories.ts';
import { SERIES } from './catalog/series.ts';
import { carCatalog, carClassCatalog, licenceLookup, trackCatalog } from './payloads/catalog.ts';
import { memberChartData, memberGet } from './payloads/members.ts';
import { buildSubsessionResult } from './payloads/results-get.ts';
import { pastSeasons, seasonList, seriesList, seriesSeasons } from './payloads/seasons.ts';
import type { ProgressListener } from './sim/simulation.ts';
import type { DemoWorld } from './world/world.ts';

/** One generated answer: the endpoint and parameters a client would send, and the payload. */
export interface DemoPayload {
  endpoint: string;
  params: Record<string, string | number | boolean>;
  payload: unknown;
}

/** The catalogue: licences, cars, classes, tracks, series, and every simulated quarter's seasons. */
export function* catalogPayloads(world: DemoWorld): Generator<DemoPayload> {
  yield { endpoint: 'lookup/licenses', params: {}, payload: licenceLookup() };
  yield { endpoint: 'car/get', params: {}, payload: carCatalog() };
  yield { endpoint: 'carclass/get', params: {}, payload: carClassCatalog() };
  yield { endpoint: 'track/get', params: {}, payload: trackCatalog() };
  yield { endpoint: 'series/get', params: {}, payload: seriesList(world) };
  for (const season of world.seasons) {
    const quarter = { season_year: season.year, season_quarter: season.quarter };
    yield {
      endpoint: 'season/list',
      params: quarter,
      payload: seasonList(world, season.year, season.quarter),
    };
    yield {
      endpoint: 'series/seasons',
      params: quarter,
      payload: seriesSeasons(world, { year: season.year, quarter: season.quarter }),
    };
  }
  for (const series of SERIES) {
    yield {
      endpoint: 'series/past_seasons',
      params: { series_id: series.seriesId },
      payload: pastSeasons(world, series.seriesId),
    };
  }
}

/**
 * Every subsession's results/get, week by week in start order. Streaming: a week is simulated
 * when the iteration reaches it, and payloads are built one at a time, so memory holds the
 * world's compact records, never the payloads.
 */
export function* resultPayloads(
  world: DemoWorld,
  onProgress?: ProgressListener,
): Generator<DemoPayload> {
  for (const week of world.simulation.weeks(onProgress)) {
    for (const record of week.subsessions) {
      yield {
        endpoint: 'results/get',
        params: { subsession_id: record.subsessionId },
        payload: buildSubsessionResult(world, record),
      };
    }
  }
}

/**
 * member/get for every member (batches of `batchSize`, licences included) and, with `charts`,
 * member/chart_data (iRating) for each category a member has raced. Simulates the whole world
 * first: members are reported as of "now".
 */
export function* driverPayloads(
  world: DemoWorld,
  opts: { batchSize?: number; charts?: boolean } = {},
): Generator<DemoPayload> {
  const batchSize = opts.batchSize ?? 100;
  world.simulation.advanceAll();
  const { drivers } = world;
  for (let from = 0; from < drivers.count; from += batchSize) {
    const ids = Array.from(
      drivers.custId.subarray(from, Math.min(drivers.count, from + batchSize)),
    );
    yield {
      endpoint: 'member/get',
      params: { cust_ids: ids.join(','), include_licenses: true },
      payload: memberGet(world, ids, true),
    };
  }
  if (!opts.charts) return;
  for (let driver = 0; driver < drivers.count; driver++) {
    for (let column = 0; column < CATEGORY_COUNT; column++) {
      if ((drivers.starts[driver * CATEGORY_COUNT + column] as number) === 0) continue;
      const custId = drivers.custId[driver] as number;
      const categoryId = LICENCE_CATEGORIES[column]?.id ?? 1;
      yield {
        endpoint: 'member/chart_data',
        params: { cust_id: custId, category_id: categoryId, chart_type: 1 },
        payload: memberChartData(world, custId, categoryId, 1),
      };
    }
  }
}
