import type { Knex } from 'knex';
import { SESSION_REPLAYS_TABLE } from '../../projections/session-replays/tables.ts';
import { SESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import {
  decodeCursor,
  InvalidQueryError,
  iso,
  isTimeKey,
  keysetPage,
  pageLimit,
  type Page,
  type PageRequest,
} from './paging.ts';
import { escapeLike, normaliseSearch, toTrack, type TrackDto } from './shapes.ts';

/**
 * The ingested sessions, newest first, for the admin sessions page: searchable by series name,
 * track name and day, each with the state of its latest replay. Reads racing_sessions (through
 * its (start_time DESC, session_id DESC) index) and session_replays (by key).
 */

export interface IngestedSessionDto {
  sessionId: number;
  seriesId: number;
  seriesName: string;
  seasonId: number;
  raceWeekNum: number;
  startTime: string;
  track: TrackDto;
  numSubsessions: number;
  numDrivers: number;
  maxStrengthOfField: number | null;
  /** The latest replay run of the session, if any. */
  lastReplay: { run: number; status: string; requestedAt: string } | null;
}

export interface IngestedSessionsRequest extends PageRequest {
  /** Part of the series name (case-insensitive). */
  series?: string;
  /** Part of the track or configuration name (case-insensitive). */
  track?: string;
  /** YYYY-MM-DD: sessions that started that day (UTC). */
  date?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface IngestedSessionRow {
  session_id: number;
  series_id: number;
  series_name: string;
  season_id: number;
  race_week_num: number;
  start_time: Date;
  track_id: number;
  track_name: string;
  config_name: string | null;
  num_subsessions: number;
  num_drivers: number;
  max_sof: number | null;
  replay_run: number | null;
  replay_status: string | null;
  replay_requested_at: Date | null;
}

export async function listIngestedSessions(
  db: Knex,
  params: IngestedSessionsRequest = {},
): Promise<Page<IngestedSessionDto>> {
  const limit = pageLimit(params.limit);
  const after = params.cursor ? decodeCursor(params.cursor, isTimeKey) : null;
  const where: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  if (params.series !== undefined) {
    where.push(`x.series_name ILIKE ?`);
    bindings.push(`%${escapeLike(normaliseSearch(params.series))}%`);
  }
  if (params.track !== undefined) {
    where.push(`(x.track_name || ' ' || coalesce(x.config_name, '')) ILIKE ?`);
    bindings.push(`%${escapeLike(normaliseSearch(params.track))}%`);
  }
  if (params.date !== undefined) {
    if (!DAY.test(params.date) || Number.isNaN(Date.parse(`${params.date}T00:00:00Z`)))
      throw new InvalidQueryError('date', 'date must be a day as YYYY-MM-DD');
    where.push(
      `x.start_time >= (?::date)::timestamp AT TIME ZONE 'UTC'
       AND x.start_time < (?::date + 1)::timestamp AT TIME ZONE 'UTC'`,
    );
    bindings.push(params.date, params.date);
  }
  if (after) {
    where.push(`(x.start_time, x.session_id) < (?, ?)`);
    bindings.push(after.t, after.s);
  }
  const { rows } = await db.raw<{ rows: IngestedSessionRow[] }>(
    `SELECT x.session_id, x.series_id, x.series_name, x.season_id, x.race_week_num, x.start_time, x.track_id,
            x.track_name, x.config_name, x.num_subsessions, x.num_drivers, x.max_sof,
            r.run AS replay_run, r.status AS replay_status, r.requested_at AS replay_requested_at
       FROM ${SESSIONS_TABLE} x
       LEFT JOIN LATERAL (SELECT run, status, requested_at FROM ${SESSION_REPLAYS_TABLE}
                           WHERE session_id = x.session_id ORDER BY run DESC LIMIT 1) r ON true
      ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY x.start_time DESC, x.session_id DESC
      LIMIT ?`,
    [...bindings, limit + 1],
  );
  return keysetPage(
    rows,
    limit,
    (r) => ({ t: r.start_time.toISOString(), s: r.session_id }),
    (r): IngestedSessionDto => ({
      sessionId: r.session_id,
      seriesId: r.series_id,
      seriesName: r.series_name,
      seasonId: r.season_id,
      raceWeekNum: r.race_week_num,
      startTime: iso(r.start_time)!,
      track: toTrack(r),
      numSubsessions: r.num_subsessions,
      numDrivers: r.num_drivers,
      maxStrengthOfField: r.max_sof,
      lastReplay:
        r.replay_run === null || r.replay_status === null || r.replay_requested_at === null
          ? null
          : {
              run: r.replay_run,
              status: r.replay_status,
              requestedAt: iso(r.replay_requested_at)!,
            },
    }),
  );
}
