import type { Knex } from 'knex';
import { bind } from '../racing/bulk.ts';
import type { ContributionEntry, SubsessionContribution } from '../racing/part.ts';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from './tables.ts';

interface PreviousRow {
  subsession_id: number;
  session_id: number;
  season_id: number;
  series_id: number;
  series_name: string;
  season_year: number;
  race_week_num: number;
  track_id: number;
  track_name: string;
  config_name: string | null;
  category: string;
  event_type: string;
  start_time: Date;
  time_slot: string;
  entries: ContributionEntry[] | null;
}

/**
 * What the given subsessions contributed before this batch, read from the live rows (before any
 * part writes). Only subsessions already present come back, so a first recording costs one
 * primary-key probe per subsession and nothing else.
 */
export async function loadPreviousContributions(
  trx: Knex.Transaction,
  subsessionIds: readonly number[],
): Promise<SubsessionContribution[]> {
  if (subsessionIds.length === 0) return [];
  const { rows } = await trx.raw<{ rows: PreviousRow[] }>(
    `SELECT s.subsession_id, s.session_id, s.season_id, s.series_id, s.series_name, s.season_year,
            s.race_week_num, s.track_id, s.track_name,
            s.config_name, s.category, s.event_type, s.start_time, s.time_slot,
            (SELECT json_agg(json_build_object(
                'custId', r.cust_id, 'displayName', r.display_name, 'countryCode', r.country_code,
                'teamId', r.team_id, 'carId', r.car_id, 'carName', r.car_name,
                'simsessionType', r.simsession_type,
                'finishPositionInClass', r.finish_position_in_class,
                'startingPositionInClass', r.starting_position_in_class,
                'lapsComplete', r.laps_complete, 'lapsLed', r.laps_led, 'incidents', r.incidents,
                'bestLapTime', r.best_lap_time, 'averageLap', r.average_lap,
                'oldIrating', r.old_irating))
               FROM ${RESULTS_TABLE} r
              WHERE r.subsession_id = s.subsession_id AND r.is_primary) AS entries
       FROM ${SUBSESSIONS_TABLE} s
      WHERE s.subsession_id = ANY(?::int4[])`,
    bind([subsessionIds]),
  );
  return rows.map((r) => ({
    subsessionId: r.subsession_id,
    sessionId: r.session_id,
    seasonId: r.season_id,
    seriesId: r.series_id,
    seriesName: r.series_name,
    seasonYear: r.season_year,
    raceWeekNum: r.race_week_num,
    trackId: r.track_id,
    trackName: r.track_name,
    configName: r.config_name,
    category: r.category,
    eventType: r.event_type,
    startTime: r.start_time.toISOString(),
    timeSlot: r.time_slot,
    entries: r.entries ?? [],
  }));
}
