import type { Knex } from 'knex';
import type { DriverResult, SimsessionResults } from '../../events/racing/results.ts';
import type { SubsessionFacts } from '../racing/batch.ts';
import { col, insertRows, setExcluded, type Column } from '../racing/bulk.ts';
import type { PartContext } from '../racing/part.ts';
import { RESULTS_TABLE, SESSIONS_TABLE, SUBSESSIONS_TABLE } from './tables.ts';

export const subsessionColumns: Column<SubsessionFacts>[] = [
  col('subsession_id', 'int4', (s) => s.data.subsessionId),
  col('session_id', 'int4', (s) => s.data.sessionId),
  col('series_id', 'int4', (s) => s.data.seriesId),
  col('series_name', 'text', (s) => s.data.seriesName),
  col('season_id', 'int4', (s) => s.data.seasonId),
  col('season_name', 'text', (s) => s.data.seasonName),
  col('season_year', 'int2', (s) => s.data.seasonYear),
  col('season_quarter', 'int2', (s) => s.data.seasonQuarter),
  col('race_week_num', 'int2', (s) => s.data.raceWeekNum),
  col('start_time', 'timestamptz', (s) => s.data.startTime),
  col('end_time', 'timestamptz', (s) => s.data.endTime),
  col('time_slot', 'text', (s) => s.timeSlot),
  col('track_id', 'int4', (s) => s.data.track.trackId),
  col('track_name', 'text', (s) => s.data.track.trackName),
  col('config_name', 'text', (s) => s.data.track.configName),
  col('category', 'text', (s) => s.data.category),
  col('event_type', 'text', (s) => s.data.eventType),
  col('official', 'bool', (s) => s.data.official),
  col('team_event', 'bool', (s) => s.data.teamEvent),
  col('event_sof', 'int4', (s) => s.data.eventStrengthOfField),
  col('event_best_lap_time', 'int4', (s) => s.data.eventBestLapTime),
  col('event_average_lap', 'int4', (s) => s.data.eventAverageLap),
  col('event_laps_complete', 'int4', (s) => s.data.eventLapsComplete),
  col('num_cautions', 'int4', (s) => s.data.numCautions),
  col('num_caution_laps', 'int4', (s) => s.data.numCautionLaps),
  col('num_lead_changes', 'int4', (s) => s.data.numLeadChanges),
  col('num_drivers', 'int4', (s) => s.numDrivers),
  col('winner_cust_id', 'int4', (s) => s.winner?.custId ?? null),
  col('winner_name', 'text', (s) => s.winner?.displayName ?? null),
  col('winner_team_name', 'text', (s) => s.winner?.teamName ?? null),
  col('car_classes', 'jsonb', (s) => s.data.carClasses),
  col('simsessions', 'jsonb', (s) =>
    s.data.simsessions.map((x) => ({
      simsessionNumber: x.simsessionNumber,
      type: x.type,
      name: x.name,
      entries: x.results.length,
    })),
  ),
];

export interface ResultRow {
  readonly s: SubsessionFacts;
  readonly sim: SimsessionResults;
  readonly r: DriverResult;
}

export const resultColumns: Column<ResultRow>[] = [
  col('subsession_id', 'int4', (x) => x.s.data.subsessionId),
  col('simsession_number', 'int2', (x) => x.sim.simsessionNumber),
  col('simsession_type', 'text', (x) => x.sim.type),
  col('is_primary', 'bool', (x) => x.sim === x.s.primary),
  col('cust_id', 'int4', (x) => x.r.custId),
  col('display_name', 'text', (x) => x.r.displayName),
  col('country_code', 'text', (x) => x.r.countryCode),
  col('club_name', 'text', (x) => x.r.clubName),
  col('team_id', 'int4', (x) => x.r.teamId),
  col('team_name', 'text', (x) => x.r.teamName),
  col('car_id', 'int4', (x) => x.r.carId),
  col('car_name', 'text', (x) => x.r.carName),
  col('car_class_id', 'int4', (x) => x.r.carClassId),
  col('finish_position', 'int2', (x) => x.r.finishPosition),
  col('finish_position_in_class', 'int2', (x) => x.r.finishPositionInClass),
  col('starting_position', 'int2', (x) => x.r.startingPosition),
  col('starting_position_in_class', 'int2', (x) => x.r.startingPositionInClass),
  col('laps_complete', 'int4', (x) => x.r.lapsComplete),
  col('laps_led', 'int4', (x) => x.r.lapsLed),
  col('incidents', 'int4', (x) => x.r.incidents),
  col('best_lap_time', 'int4', (x) => x.r.bestLapTime),
  col('best_lap_num', 'int4', (x) => x.r.bestLapNum),
  col('average_lap', 'int4', (x) => x.r.averageLap),
  col('qual_lap_time', 'int4', (x) => x.r.qualLapTime),
  col('gap_to_leader', 'int4', (x) => x.r.interval),
  col('old_irating', 'int4', (x) => x.r.oldIrating),
  col('new_irating', 'int4', (x) => x.r.newIrating),
  col('old_sub_level', 'int2', (x) => x.r.oldSubLevel),
  col('new_sub_level', 'int2', (x) => x.r.newSubLevel),
  col('old_license_level', 'int2', (x) => x.r.oldLicenseLevel),
  col('new_license_level', 'int2', (x) => x.r.newLicenseLevel),
  col('reason_out', 'text', (x) => x.r.reasonOut),
  col('champ_points', 'int4', (x) => x.r.champPoints),
  col('start_time', 'timestamptz', (x) => x.s.data.startTime),
  col('category', 'text', (x) => x.s.data.category),
];

/**
 * Replaces each subsession of the batch: its row is upserted, its previous result rows (if the
 * subsession was known) are deleted and the new ones inserted, and the sessions it belongs to
 * (before and after) are recomputed from racing_subsessions.
 */
export async function applySubsessions(trx: Knex.Transaction, ctx: PartContext): Promise<void> {
  const subs = ctx.batch.subsessions;
  if (subs.length === 0) return;
  if (ctx.previous.length > 0) {
    await trx.raw(`DELETE FROM ${RESULTS_TABLE} WHERE subsession_id = ANY(?::int4[])`, [
      ctx.previous.map((p) => p.subsessionId),
    ]);
  }
  await insertRows(
    trx,
    SUBSESSIONS_TABLE,
    subsessionColumns,
    subs,
    `ON CONFLICT (subsession_id) DO UPDATE SET ${setExcluded(subsessionColumns, ['subsession_id'])}`,
  );
  await insertRows(trx, RESULTS_TABLE, resultColumns, resultRowsOf(subs));

  const sessionIds = [
    ...new Set([...subs.map((s) => s.data.sessionId), ...ctx.previous.map((p) => p.sessionId)]),
  ];
  await recomputeSessions(trx, sessionIds);
}

/** Every result row of the subsessions, simsession by simsession. */
export function resultRowsOf(subs: readonly SubsessionFacts[]): ResultRow[] {
  const rows: ResultRow[] = [];
  for (const s of subs) {
    for (const sim of s.data.simsessions) for (const r of sim.results) rows.push({ s, sim, r });
  }
  return rows;
}

/** The session rows as a function of racing_subsessions (all sessions when `sessionIds` is null). */
export async function recomputeSessions(
  trx: Knex.Transaction,
  sessionIds: number[] | null,
): Promise<void> {
  const only = sessionIds === null ? '' : 'WHERE session_id = ANY(?::int4[])';
  await trx.raw(
    `INSERT INTO ${SESSIONS_TABLE} (session_id, series_id, series_name, season_id, race_week_num, start_time,
        track_id, track_name, config_name, num_subsessions, num_drivers, largest_split, max_sof, min_sof)
     SELECT DISTINCT ON (session_id) session_id, series_id, series_name, season_id, race_week_num,
        min(start_time) OVER w, track_id, track_name, config_name, count(*) OVER w,
        sum(num_drivers) OVER w, max(num_drivers) OVER w, max(event_sof) OVER w, min(event_sof) OVER w
       FROM ${SUBSESSIONS_TABLE}
      ${only}
     WINDOW w AS (PARTITION BY session_id)
      ORDER BY session_id, start_time
     ON CONFLICT (session_id) DO UPDATE SET series_id = excluded.series_id, series_name = excluded.series_name,
        season_id = excluded.season_id, race_week_num = excluded.race_week_num, start_time = excluded.start_time,
        track_id = excluded.track_id, track_name = excluded.track_name, config_name = excluded.config_name,
        num_subsessions = excluded.num_subsessions, num_drivers = excluded.num_drivers,
        largest_split = excluded.largest_split,
        max_sof = excluded.max_sof, min_sof = excluded.min_sof`,
    sessionIds === null ? [] : [sessionIds],
  );
  if (sessionIds === null) return; // every session left has a subsession
  await trx.raw(
    `DELETE FROM ${SESSIONS_TABLE} s WHERE s.session_id = ANY(?::int4[])
        AND NOT EXISTS (SELECT 1 FROM ${SUBSESSIONS_TABLE} x WHERE x.session_id = s.session_id)`,
    [sessionIds],
  );
}
