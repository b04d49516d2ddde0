import type { Knex } from 'knex';
import { known, run, statement, type Statement } from '../../db/batch.ts';
import { listBindings } from '../../db/prepared.ts';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import { iso } from './paging.ts';

/**
 * Two drivers in the races they both ran (every category): each driver's races are read once
 * from the partial index racing_results_driver_recent (cust_id, start_time; the primary
 * simsession's rows, with the simsession and the finishing position, so no table row is read),
 * and the pairs are the rows of two drivers in the same simsession, joined in memory. The cost follows the drivers' race counts (each read once, however many pairs it
 * is in), never the size of the results. Positions are overall finishing positions.
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

/**
 * Head to head of several pairs in one statement, in the order given: the races of every driver
 * named in a pair (one index range each), the shared races of each pair joined from them by
 * simsession, then per pair the totals and the latest shared races as one JSON array.
 */
export async function headToHeads(
  db: Knex,
  pairs: readonly (readonly [number, number])[],
): Promise<HeadToHeadDto[]> {
  return run(db, headToHeadsStatement(pairs));
}

interface HeadToHeadRow {
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
}

/** The statement of headToHeads (to run alone or in a batch, src/db/batch.ts); none for no pair. */
export function headToHeadsStatement(
  pairs: readonly (readonly [number, number])[],
): Statement<HeadToHeadDto[]> {
  if (pairs.length === 0) return known([]);
  const ids = [...new Set(pairs.flat())];
  // The drivers and the pairs as one binding per value (src/db/prepared.ts: a list of bindings
  // keeps a generic plan, an array parameter is planned at every execution); `n` is the pair's
  // place, written into the text.
  const pairRows = pairs.map((_, i) => `(?::int4, ?::int4, ${i + 1})`).join(', ');
  return statement<HeadToHeadRow, HeadToHeadDto[]>(
    `WITH races AS MATERIALIZED (
       SELECT cust_id, subsession_id, simsession_number, start_time, finish_position
         FROM ${RESULTS_TABLE} WHERE cust_id IN (${listBindings(ids.length, '?::int4')}) AND is_primary),
     p AS (SELECT * FROM (VALUES ${pairRows}) AS p(a_id, b_id, n)),
     shared AS (
       SELECT p.n, a.subsession_id, a.start_time, a.finish_position AS a_position,
              b.finish_position AS b_position
         FROM p JOIN races a ON a.cust_id = p.a_id
         JOIN races b ON b.cust_id = p.b_id AND b.subsession_id = a.subsession_id
                     AND b.simsession_number = a.simsession_number)
     SELECT p.a_id, p.b_id, t.races, t.a_ahead, t.b_ahead, t.gap, coalesce(r.recent, '[]') AS recent
       FROM p
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS races,
                count(*) FILTER (WHERE x.a_position < x.b_position)::int AS a_ahead,
                count(*) FILTER (WHERE x.b_position < x.a_position)::int AS b_ahead,
                avg(x.b_position - x.a_position)::float8 AS gap
           FROM shared x WHERE x.n = p.n) t
       CROSS JOIN LATERAL (
         SELECT json_agg(y ORDER BY y.start_time DESC, y.subsession_id DESC) AS recent
           FROM (SELECT x.subsession_id, x.start_time, s.series_name, s.track_name,
                        x.a_position, x.b_position
                   FROM shared x JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = x.subsession_id
                  WHERE x.n = p.n
                  ORDER BY x.start_time DESC, x.subsession_id DESC
                  LIMIT ${SHARED_RACES_LISTED}) y) r
      ORDER BY p.n`,
    [...ids, ...pairs.flat()],
    (rows) =>
      rows.map((t) => ({
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
      })),
  );
}
