import type { SearchSeriesRow, SeasonResults } from '../../../ingest/schemas/index.ts';
import { licenceCategory } from '../catalog/categories.ts';
import type { SubsessionRecord } from '../sim/records.ts';
import { isoSeconds } from '../world/calendar.ts';
import type { DemoWorld } from '../world/world.ts';

/** One results/search_series row: a race subsession (the demo world runs races only). */
export function searchSeriesRow(world: DemoWorld, record: SubsessionRecord): SearchSeriesRow {
  const { session, summary } = record;
  const ss = session.seriesSeason;
  const category = licenceCategory(ss.series.category);
  const winner = record.entrants[summary.winner] as number;
  const track = session.week.track;
  return {
    session_id: session.sessionId,
    subsession_id: record.subsessionId,
    start_time: isoSeconds(session.startMs),
    end_time: isoSeconds(summary.endMs),
    license_category_id: category.id,
    license_category: category.resultsName,
    num_drivers: record.entrants.length,
    num_cautions: summary.numCautions,
    num_caution_laps: summary.numCautionLaps,
    num_lead_changes: summary.numLeadChanges,
    event_laps_complete: summary.lapsComplete,
    driver_changes: ss.series.teamDrivers > 1,
    winner_group_id: world.drivers.custId[winner] as number,
    winner_name: world.drivers.displayName[winner] as string,
    winner_ai: false,
    track: { track_id: track.trackId, track_name: track.name, config_name: track.config },
    official_session: true,
    season_id: ss.seasonId,
    season_year: ss.season.year,
    season_quarter: ss.season.quarter,
    event_type: 5,
    event_type_name: 'Race',
    series_id: ss.series.seriesId,
    series_name: ss.series.name,
    series_short_name: ss.series.shortName,
    race_week_num: session.week.raceWeekNum,
    event_strength_of_field: summary.eventSof,
    event_average_lap: summary.eventAverageLap,
    event_best_lap_time: summary.eventBestLap,
  };
}

export interface SearchSeriesFilter {
  seasonYear?: number;
  seasonQuarter?: number;
  startBegin?: number;
  startEnd?: number;
  finishBegin?: number;
  finishEnd?: number;
  seriesId?: number;
  raceWeekNum?: number;
  custId?: number;
  eventTypes?: readonly number[];
  categoryIds?: readonly number[];
}

/**
 * The subsessions results/search_series answers for a filter, in start order. Ranges are
 * half-open [begin, end), as the API's are. Simulates as far as the filter reaches.
 */
export function searchSubsessions(
  world: DemoWorld,
  filter: SearchSeriesFilter,
): SubsessionRecord[] {
  const until = filter.startEnd ?? filter.finishEnd ?? Number.POSITIVE_INFINITY;
  world.simulation.advanceUntil(until);
  if (filter.eventTypes && !filter.eventTypes.includes(5)) return [];
  const custIndex = filter.custId === undefined ? undefined : world.drivers.indexOf(filter.custId);
  if (filter.custId !== undefined && custIndex === undefined) return [];
  return world.simulation.allRecords().filter((record) => {
    const ss = record.session.seriesSeason;
    if (filter.seasonYear !== undefined && ss.season.year !== filter.seasonYear) return false;
    if (filter.seasonQuarter !== undefined && ss.season.quarter !== filter.seasonQuarter)
      return false;
    const start = record.session.startMs;
    if (filter.startBegin !== undefined && start < filter.startBegin) return false;
    if (filter.startEnd !== undefined && start >= filter.startEnd) return false;
    const end = record.summary.endMs;
    if (filter.finishBegin !== undefined && end < filter.finishBegin) return false;
    if (filter.finishEnd !== undefined && end >= filter.finishEnd) return false;
    if (filter.seriesId !== undefined && ss.series.seriesId !== filter.seriesId) return false;
    if (filter.raceWeekNum !== undefined && record.session.week.raceWeekNum !== filter.raceWeekNum)
      return false;
    if (filter.categoryIds && !filter.categoryIds.includes(licenceCategory(ss.series.category).id))
      return false;
    if (custIndex !== undefined && !record.entrants.includes(custIndex)) return false;
    return true;
  });
}

/** results/season_results: a season's race subsessions (optionally one week). */
export function seasonResults(
  world: DemoWorld,
  seasonId: number,
  raceWeekNum?: number,
  eventType?: number,
): SeasonResults {
  const ss = world.seriesSeason(seasonId);
  const records = ss
    ? searchSubsessions(world, {
        seasonYear: ss.season.year,
        seasonQuarter: ss.season.quarter,
        seriesId: ss.series.seriesId,
        ...(raceWeekNum !== undefined ? { raceWeekNum } : {}),
        ...(eventType !== undefined ? { eventTypes: [eventType] } : {}),
      })
    : [];
  return {
    results_list: records.map((record) => {
      const row = searchSeriesRow(world, record);
      return {
        race_week_num: row.race_week_num,
        event_type: row.event_type,
        event_type_name: row.event_type_name,
        start_time: row.start_time,
        session_id: row.session_id,
        subsession_id: row.subsession_id,
        official_session: row.official_session,
        event_strength_of_field: row.event_strength_of_field,
        event_best_lap_time: row.event_best_lap_time,
        num_cautions: row.num_cautions,
        num_caution_laps: row.num_caution_laps,
        num_lead_changes: row.num_lead_changes,
        num_drivers: row.num_drivers,
        track: row.track,
      };
    }),
    ...(eventType !== undefined ? { event_type: eventType } : {}),
    success: true,
    season_id: seasonId,
    ...(raceWeekNum !== undefined ? { race_week_num: raceWeekNum } : {}),
  };
}
