import type { SubsessionResultsData } from '../../events/racing/results.ts';
import type { IracingDataClient, SearchSeriesFilters } from '../client/index.ts';
import { searchWindows, type TimeWindow } from '../client/search-windows.ts';
import { EVENT_TYPE, type SearchSeriesRow } from '../schemas/index.ts';
import { forEachBounded } from './bounded.ts';
import { describeFailure, isFatalForRun, type IngestFailure } from './failures.ts';
import { mapSubsessionResult } from './map-results.ts';
import type { StreamOutcome } from './recorder.ts';
import type { IngestWriter } from './writer.ts';

export interface IngestContext {
  client: IracingDataClient;
  writer: IngestWriter;
  /** Fetches in flight at once. Default 8. */
  concurrency?: number;
  /** Stops between facts (shutdown); what was recorded stays recorded. */
  signal?: AbortSignal;
  /** Sees every subsession mapped (e.g. the seed collects the drivers it met). */
  onSubsession?: (data: SubsessionResultsData) => void;
}

export const DEFAULT_CONCURRENCY = 8;

export interface SubsessionsProgress {
  done: number;
  total: number;
  failed: number;
}

export interface SubsessionsReport {
  ingested: number;
  failed: IngestFailure[];
  failedIds: number[];
}

/** results/get for one subsession, mapped and recorded (idempotent, correcting). */
export async function ingestSubsession(
  ctx: IngestContext,
  subsessionId: number,
): Promise<StreamOutcome> {
  const payload = await ctx.client.subsessionResult(subsessionId);
  const data = mapSubsessionResult(payload);
  ctx.onSubsession?.(data);
  const [outcome] = await ctx.writer.record([{ kind: 'subsession', data }]);
  if (!outcome) throw new Error(`subsession ${subsessionId}: nothing recorded`);
  return outcome;
}

/**
 * results/get for each id with bounded concurrency. A subsession that cannot be fetched or mapped
 * is reported in `failed` and the others go on; an error that would fail every following one
 * (credentials, event store) is thrown.
 */
export async function ingestSubsessions(
  ctx: IngestContext,
  subsessionIds: readonly number[],
  onProgress?: (p: SubsessionsProgress) => void,
): Promise<SubsessionsReport> {
  const failed: IngestFailure[] = [];
  const failedIds: number[] = [];
  let done = 0;
  await forEachBounded(
    subsessionIds,
    ctx.concurrency ?? DEFAULT_CONCURRENCY,
    async (id) => {
      try {
        await ingestSubsession(ctx, id);
      } catch (err) {
        if (isFatalForRun(err)) throw err;
        failed.push(describeFailure(`subsession ${id}`, err));
        failedIds.push(id);
      }
      done += 1;
      onProgress?.({ done, total: subsessionIds.length, failed: failed.length });
    },
    ctx.signal,
  );
  return { ingested: done - failed.length, failed, failedIds };
}

export interface ResultsRange extends Omit<SearchSeriesFilters, 'eventTypes'> {
  from: Date;
  to: Date;
  /** The API's event types (2 practice, 3 qualify, 4 time trial, 5 race). Default: races only. */
  eventTypes?: readonly number[];
}

export interface ResultsProgress {
  phase: 'search' | 'results';
  window: number;
  windows: number;
  /** Distinct subsessions found so far. */
  found: number;
  subsessionsDone: number;
  failed: number;
}

export interface ResultsReport {
  windows: TimeWindow[];
  /** Rows search_series answered, duplicates included. */
  rowsSeen: number;
  /** Distinct subsessions of the range (of the wanted event types). */
  found: number;
  /** Rows dropped because an earlier row (same or earlier window) named the same subsession. */
  duplicates: number;
  ingested: number;
  failed: IngestFailure[];
  failedIds: number[];
}

/**
 * The results of a start-time range: results/search_series window by window (≤ 90 days each,
 * `start_range_begin` inclusive, `start_range_end` exclusive, earliest first), each subsession
 * id kept once across all windows, then results/get per new subsession with bounded concurrency
 * before the next window is searched. Failed subsessions are reported, not fatal.
 */
export async function ingestResults(
  ctx: IngestContext,
  range: ResultsRange,
  onProgress?: (p: ResultsProgress) => void,
): Promise<ResultsReport> {
  const { from, to, eventTypes = [EVENT_TYPE.race], ...filters } = range;
  const windows = searchWindows(from, to);
  const wanted = new Set(eventTypes);
  const seen = new Set<number>();
  const report: ResultsReport = {
    windows,
    rowsSeen: 0,
    found: 0,
    duplicates: 0,
    ingested: 0,
    failed: [],
    failedIds: [],
  };
  for (const [index, w] of windows.entries()) {
    if (ctx.signal?.aborted) break;
    const progress = (phase: ResultsProgress['phase'], done: number) =>
      onProgress?.({
        phase,
        window: index + 1,
        windows: windows.length,
        found: report.found,
        subsessionsDone: report.ingested + report.failed.length + done,
        failed: report.failed.length,
      });
    progress('search', 0);
    const rows: SearchSeriesRow[] = await ctx.client.searchSeries({
      ...filters,
      eventTypes: [...wanted],
      startRangeBegin: w.begin,
      startRangeEnd: w.end,
    });
    report.rowsSeen += rows.length;
    const fresh: number[] = [];
    for (const row of rows) {
      if (!wanted.has(row.event_type)) continue;
      if (seen.has(row.subsession_id)) {
        report.duplicates += 1;
        continue;
      }
      seen.add(row.subsession_id);
      fresh.push(row.subsession_id);
    }
    report.found = seen.size;
    const result = await ingestSubsessions(ctx, fresh, (p) => progress('results', p.done));
    report.ingested += result.ingested;
    report.failed.push(...result.failed);
    report.failedIds.push(...result.failedIds);
  }
  return report;
}
