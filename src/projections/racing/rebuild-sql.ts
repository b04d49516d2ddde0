/**
 * countsAsStart (./contributions.ts) over racing_results `r` joined with racing_subsessions `s`:
 * a row of the primary simsession of a race event, of its race simsession, and in team events
 * only drivers who drove a lap.
 */
export const COUNTS_AS_START_SQL = `r.is_primary AND s.event_type = 'race' AND r.simsession_type = 'race'
   AND (r.team_id IS NULL OR r.laps_complete > 0)`;
