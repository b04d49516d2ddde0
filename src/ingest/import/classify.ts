import type { z } from 'zod';
import {
  CarInfos,
  ChartData,
  DriverSearchRow,
  LapDataRow,
  LicenceGroups,
  LookupGroups,
  MemberGetResponse,
  PastSeasonsResponse,
  SearchSeriesRow,
  SeasonDriverStandingRow,
  SeasonList,
  SeasonResults,
  SeriesSeasons,
  SubsessionResult,
  TrackInfos,
  WorldRecordRow,
} from '../schemas/index.ts';
import type { RacingFact } from '../pipeline/facts.ts';
import { mapChartData, mapMemberProfile } from '../pipeline/map-drivers.ts';
import {
  mapCar,
  mapSeriesInfo,
  mapSeriesSeason,
  mapTrack,
  seriesFromSeasons,
} from '../pipeline/map-catalog.ts';
import { mapSubsessionResult } from '../pipeline/map-results.ts';
import type { ResolvedCall } from './resolve.ts';

/**
 * Recognises a recorded payload by its shape (the recordings do not keep the request URL) and
 * maps it with the same mappers as the live ingest. Payloads Pitwall records no event for are
 * named and skipped. The mappers throw IngestMappingError for a payload that cannot become an event.
 */
export type Classified =
  | {
      kind: 'facts';
      endpoint: string;
      facts: RacingFact[];
      /**
       * Facts only derived for want of a better source (series described by their seasons): any
       * other fact of the same stream and slot in the same import wins over them.
       */
      fallbacks?: RacingFact[];
    }
  | { kind: 'skipped'; endpoint: string | null; reason: string };

const is = <S extends z.ZodType>(schema: S, value: unknown): value is z.infer<S> =>
  schema.safeParse(value).success;
const nonEmptyArray = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.length > 0;
const hasKey = (value: unknown, key: string) =>
  nonEmptyArray(value) && value.every((v) => typeof v === 'object' && v !== null && key in v);

/** Payloads the ingest reads nothing from (lookups, stats, searches): named for the report. */
const NOT_RECORDED: [string, z.ZodType, (v: unknown) => boolean][] = [
  ['season/list', SeasonList, () => true],
  ['results/season_results', SeasonResults, () => true],
  ['lookup/licenses', LicenceGroups, (v) => hasKey(v, 'levels')],
  ['lookup/get', LookupGroups, (v) => hasKey(v, 'lookups')],
  ['lookup/drivers', DriverSearchRow.array(), (v) => nonEmptyArray(v)],
];
const NOT_RECORDED_ROWS: [string, z.ZodType][] = [
  ['results/search_series', SearchSeriesRow.array()],
  ['stats/world_records', WorldRecordRow.array()],
  ['stats/season_driver_standings', SeasonDriverStandingRow.array()],
  ['results/lap_data', LapDataRow.array()],
];

export function classify(call: ResolvedCall): Classified {
  switch (call.kind) {
    case 'empty':
      return { kind: 'skipped', endpoint: null, reason: 'no exchanges' };
    case 'error':
      return {
        kind: 'skipped',
        endpoint: null,
        reason: `error answer ${call.status}: ${describeBody(call.body)}`,
      };
    case 'chunked': {
      for (const [endpoint, schema] of NOT_RECORDED_ROWS) {
        if (is(schema, call.rows) && call.rows.length > 0) {
          return {
            kind: 'skipped',
            endpoint,
            reason: `${call.rows.length} rows; Pitwall records no event for ${endpoint}`,
          };
        }
      }
      return {
        kind: 'skipped',
        endpoint: null,
        reason: `unrecognised chunked payload (${call.rows.length} rows)`,
      };
    }
    case 'payload':
      return classifyPayload(call.payload);
    default: {
      const never: never = call;
      throw new Error(`Unknown call ${JSON.stringify(never)}`);
    }
  }
}

function classifyPayload(p: unknown): Classified {
  if (is(SubsessionResult, p)) {
    return {
      kind: 'facts',
      endpoint: 'results/get',
      facts: [{ kind: 'subsession', data: mapSubsessionResult(p) }],
    };
  }
  if (is(MemberGetResponse, p)) {
    return {
      kind: 'facts',
      endpoint: 'member/get',
      facts: p.members.map((m) => ({ kind: 'driver-profile' as const, data: mapMemberProfile(m) })),
    };
  }
  if (is(ChartData, p)) {
    return {
      kind: 'facts',
      endpoint: 'member/chart_data',
      facts: [{ kind: 'rating-history', data: mapChartData(p) }],
    };
  }
  if (hasKey(p, 'schedules') && is(SeriesSeasons, p)) {
    return {
      kind: 'facts',
      endpoint: 'series/seasons',
      facts: p.map((s) => ({ kind: 'season' as const, data: mapSeriesSeason(s) })),
      fallbacks: seriesFromSeasons(p).map((data) => ({ kind: 'series' as const, data })),
    };
  }
  if (is(PastSeasonsResponse, p)) {
    return {
      kind: 'facts',
      endpoint: 'series/past_seasons',
      facts: [{ kind: 'series', data: mapSeriesInfo(p.series, undefined) }],
    };
  }
  if (hasKey(p, 'car_name') && is(CarInfos, p)) {
    return {
      kind: 'facts',
      endpoint: 'car/get',
      facts: p.map((c) => ({ kind: 'car' as const, data: mapCar(c) })),
    };
  }
  if (hasKey(p, 'track_name') && hasKey(p, 'category_id') && is(TrackInfos, p)) {
    return {
      kind: 'facts',
      endpoint: 'track/get',
      facts: p.map((t) => ({ kind: 'track' as const, data: mapTrack(t) })),
    };
  }
  for (const [endpoint, schema, also] of NOT_RECORDED) {
    if (is(schema, p) && also(p))
      return { kind: 'skipped', endpoint, reason: `Pitwall records no event for ${endpoint}` };
  }
  return { kind: 'skipped', endpoint: null, reason: 'unrecognised payload' };
}

function describeBody(body: unknown): string {
  if (typeof body === 'string')
    return body.trim().startsWith('<') ? 'HTML page' : body.slice(0, 80);
  if (typeof body === 'object' && body !== null) {
    const b = body as { error?: unknown; message?: unknown; note?: unknown };
    return (
      [b.error, b.message ?? b.note].filter((x) => typeof x === 'string').join(' — ') || 'JSON body'
    );
  }
  return String(body);
}
