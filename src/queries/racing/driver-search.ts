import type { Knex } from 'knex';
import { run, statement, type Statement } from '../../db/batch.ts';
import { InvalidQueryError } from './paging.ts';
import { escapeLike, normaliseSearch, type JsonText, type LicenseDto } from './shapes.ts';

/** Driver search as you type (racing_drivers, racing_driver_search_hits). */

export interface DriverSearchHitDto {
  custId: number;
  displayName: string;
  countryCode: string | null;
  licenses: LicenseDto[];
}

/**
 * Driver search as you type, served by btree range scans rather than the trigram index, so its
 * cost does not grow with how common the typed text is. Case-insensitive; finds
 *  - the driver whose customer id the text is;
 *  - names whose first word, or whose rest from the second word on, starts with the text
 *    (`racing_drivers_name_prefix`, `racing_drivers_surname_prefix`: the drivers' search keys
 *    followed by the customer id, carrying the candidate's name; the first 100 of each in
 *    (key, id) order, read index-only);
 *  - only when that leaves the list short and the text has 3+ characters and is not a number:
 *    names containing it anywhere ("stapp"; at most 2 × limit candidates: the matches with the
 *    smallest customer ids), after the word-start hits.
 * Ranking (within each of the two groups): customer id, exact name, name starting with the
 * text, a word starting with it, a fragment; then trigram similarity, name, id. `limit` 1..25,
 * default 10. Every cut is taken in a total order (key or id, then id), so the answer depends on
 * the drivers alone: a live-projected and a rebuilt read model, whose rows lie in different
 * physical orders, answer alike even when more drivers share a name than a scan keeps. The
 * fragment candidates come from the trigram index when there are few matches and from a walk
 * over the drivers in id order when there are many (`racing_drivers_id_name`), so that a
 * common fragment reads a few hundred names rather than all that contain it (the function's
 * migration gives the choice and its figures). Each hit is the text the drivers read model stores for it
 * (racing_driver_search_hits: the DTO's JSON, licences by category;
 * src/projections/drivers/search-hits.ts), so neither PostgreSQL nor Node builds a hit per
 * request. One statement, in the database function `racing_search_driver_hits`
 * (migrations/0098_racing_search_driver_hits.ts, 0099_…_ranked_once.ts,
 * 0100_…_total_order.ts), which keeps one plan
 * per connection: planned per call, the search cost about as much to plan as to run. Two scans
 * run only when they can change the answer: the later-word scan when fewer than `limit` names
 * start with the text (those rank above every later-word-only match), the fragment scan when
 * the word starts found fewer than `limit`.
 */
export async function searchDrivers(
  db: Knex,
  params: { q: string; limit?: number },
): Promise<DriverSearchHitDto[]> {
  return run(db, searchDriversStatement(params));
}

/** searchDrivers' hits as their stored JSON texts, for an answer that sends them as they are. */
export async function searchDriverHits(
  db: Knex,
  params: { q: string; limit?: number },
): Promise<JsonText<DriverSearchHitDto>[]> {
  return run(db, searchDriverHitsStatement(params));
}

/** searchDrivers as a statement, to send in one round trip with others (src/db/batch.ts). */
export function searchDriversStatement(params: {
  q: string;
  limit?: number;
}): Statement<DriverSearchHitDto[]> {
  const hits = searchDriverHitsStatement(params);
  return statement(hits.sql!, hits.bindings, (rows: SearchHitRow[]) =>
    rows.map((r) => JSON.parse(r.hit) as DriverSearchHitDto),
  );
}

interface SearchHitRow {
  hit: JsonText<DriverSearchHitDto>;
}

function searchDriverHitsStatement(params: {
  q: string;
  limit?: number;
}): Statement<JsonText<DriverSearchHitDto>[]> {
  const q = normaliseSearch(params.q);
  const limit = params.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 25) {
    throw new InvalidQueryError('limit', 'limit must be an integer from 1 to 25');
  }
  const numeric = /^\d{1,9}$/.test(q);
  const fragments = q.length >= 3 && !numeric;
  return statement(
    `SELECT hit FROM racing_search_driver_hits(?::text, ?::int, ?::text, ?::text, ?::int)`,
    [
      q,
      numeric ? Number(q) : -1,
      `${escapeLike(q)}%`,
      fragments ? `%${escapeLike(q)}%` : null,
      limit,
    ],
    (rows: SearchHitRow[]) => rows.map((r) => r.hit),
  );
}
