import type { Knex } from 'knex';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import { iso } from './paging.ts';

/**
 * Two drivers in the races they both ran (every category): read from the first driver's races
 * (the partial index racing_results_driver_recent: cust_id, start_time) joined to the second
 * driver's row of the same simsession by the results' primary key (subsession_id,
 * simsession_number, cust_id), so the cost follows the first driver's race count, never the
 * size of the results. Positions are overall finishing positions.
 */

export interface SharedRaceDto {
  subsessionId: number;
  startTime: string;
  seriesName: string;
  trackName: string;
  /** Overall finishing positions. */
  aPosition: number;
  bPosition: number;
}

export interface HeadToHeadDto {
  aCustId: number;
  bCustId: number;
  races: number;
  /** Races where A finished ahead of B, and B ahead of A. */
  aAhead: number;
  bAhead: number;
  /** Average of (B's position − A's position): positive when A usually finishes ahead. */
  averageGap: number | null;
  /** The latest shared races, newest first. */
  recent: SharedRaceDto[];
}

/** How many shared races each pair lists. */
export const SHARED_RACES_LISTED = 5;

export async function headToHead(db: Knex, a: number, b: number): Promise<HeadToHeadDto> {
  return (await headToHeads(db, [[a, b]]))[0]!;
}

/**
 * headToHead of several pairs in one statement, in the order given: per pair the same reads
 * (LATERAL subqueries: the totals, and the latest shared races as one JSON array).
 */
export async function headToHeads(
  db: Knex,
  pairs: readonly (readonly [number, number])[],
): Promise<HeadToHeadDto[]> {
  if (pairs.length === 0) return [];
  const shared = `FROM ${RESULTS_TABLE} a
      JOIN ${RESULTS_TABLE} b
        ON b.subsession_id = a.subsession_id AND b.simsession_number = a.simsession_number
       AND b.cust_id = p.b_id
     WHERE a.cust_id = p.a_id AND a.is_primary`;
  const { rows } = await db.raw<{
    rows: {
      a_id: number;
      b_id: number;
      races: number;
      a_ahead: number;
      b_ahead: number;
      gap: number | null;
      recent: {
        subsession_id: number;
        start_time: string;
        series_name: string;
        track_name: string;
        a_position: number;
        b_position: number;
      }[];
    }[];
  }>(
    `SELECT p.a_id, p.b_id, t.races, t.a_ahead, t.b_ahead, t.gap, coalesce(r.recent, '[]') AS recent
       FROM unnest(?::int4[], ?::int4[]) WITH ORDINALITY AS p(a_id, b_id, n)
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS races,
                count(*) FILTER (WHERE a.finish_position < b.finish_position)::int AS a_ahead,
                count(*) FILTER (WHERE b.finish_position < a.finish_position)::int AS b_ahead,
                avg(b.finish_position - a.finish_position)::float8 AS gap
           ${shared}) t
       CROSS JOIN LATERAL (
         SELECT json_agg(x ORDER BY x.start_time DESC, x.subsession_id DESC) AS recent
           FROM (SELECT a.subsession_id, a.start_time, s.series_name, s.track_name,
                        a.finish_position AS a_position, b.finish_position AS b_position
                   ${shared.replace('WHERE', `JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = a.subsession_id WHERE`)}
                  ORDER BY a.start_time DESC, a.subsession_id DESC
                  LIMIT ?) x) r
      ORDER BY p.n`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1]), SHARED_RACES_LISTED],
  );
  return rows.map((t) => ({
    aCustId: t.a_id,
    bCustId: t.b_id,
    races: t.races,
    aAhead: t.a_ahead,
    bAhead: t.b_ahead,
    averageGap: t.races > 0 ? t.gap : null,
    recent: t.recent.map((r) => ({
      subsessionId: r.subsession_id,
      startTime: iso(r.start_time)!,
      seriesName: r.series_name,
      trackName: r.track_name,
      aPosition: r.a_position,
      bPosition: r.b_position,
    })),
  }));
}
