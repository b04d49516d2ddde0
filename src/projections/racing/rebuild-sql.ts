import type { Knex } from 'knex';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../subsessions/tables.ts';
import { REPLAY_ORDER_TABLE } from './part.ts';

/**
 * countsAsStart (./contributions.ts) over racing_results `r` joined with racing_subsessions `s`:
 * a row of the primary simsession of a race event, of its race simsession, and in team events
 * only drivers who drove a lap.
 */
export const COUNTS_AS_START_SQL = `r.is_primary AND s.event_type = 'race' AND r.simsession_type = 'race'
   AND (r.team_id IS NULL OR r.laps_complete > 0)`;

/**
 * Table of the rebuild's finish: every start (see COUNTS_AS_START_SQL) with its facts. Lives in
 * the shadow schema between the first part's finish and the others' (see ./results-rebuild.ts).
 */
export const REPLAY_STARTS_TABLE = 'racing_replay_starts';

/**
 * Creates REPLAY_STARTS_TABLE once, after the subsessions part has completed racing_results and
 * REPLAY_ORDER_TABLE exists: the leaderboards and the lap times aggregate the same starts, so the
 * wide result rows are read and joined once for both. `ord` is the log position of the
 * subsession's last event. UNLOGGED (no WAL): it is dropped before the swap, and a crash drops
 * the whole shadow schema anyway.
 */
export async function createReplayStarts(trx: Knex.Transaction): Promise<void> {
  await trx.raw(`
    CREATE UNLOGGED TABLE ${REPLAY_STARTS_TABLE} AS
    SELECT s.season_id, s.series_id, s.series_name, s.season_year, s.race_week_num, r.car_id, r.cust_id, s.track_id, s.track_name, s.config_name,
           s.category, s.start_time, s.time_slot, r.subsession_id, o.ord, r.display_name, r.country_code, r.car_name,
           r.finish_position_in_class, r.starting_position_in_class, r.laps_complete, r.laps_led,
           r.incidents, r.best_lap_time, r.average_lap, r.old_irating
      FROM ${RESULTS_TABLE} r
      JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = r.subsession_id
      JOIN ${REPLAY_ORDER_TABLE} o ON o.subsession_id = r.subsession_id
     WHERE ${COUNTS_AS_START_SQL}`);
  // The self-joins and sorts need real row counts.
  await trx.raw(`ANALYZE ${REPLAY_STARTS_TABLE}`);
}
