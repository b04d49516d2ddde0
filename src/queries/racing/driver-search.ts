import type { Knex } from 'knex';
import { run, statement, type Statement } from '../../db/batch.ts';
import { InvalidQueryError } from './paging.ts';
import { escapeLike, normaliseSearch, toLicense, type LicenseDto } from './shapes.ts';

/** Driver search as you type (racing_drivers, racing_driver_licenses). */

export interface DriverSearchHitDto {
  custId: number;
  displayName: string;
  countryCode: string | null;
  licenses: LicenseDto[];
}

/** A licence as `racing_search_drivers` gives it: the licence row's columns, in this order. */
type LicenceTuple = [
  category: string,
  irating: number | null,
  sub_level: number | null,
  license_level: number | null,
  license_group: number | null,
  tt_rating: number | null,
];

interface SearchHitRow {
  cust_id: number;
  display_name: string;
  country_code: string | null;
  /** Ordered by category; `[]` for a driver without licences. */
  licenses: LicenceTuple[];
}

const toLicenceDto = ([category, irating, subLevel, level, group, tt]: LicenceTuple): LicenseDto =>
  toLicense({
    category,
    irating,
    sub_level: subLevel,
    license_level: level,
    license_group: group,
    tt_rating: tt,
  });

/**
 * Driver search as you type, served by btree range scans rather than the trigram index, so its
 * cost does not grow with how common the typed text is. Case-insensitive; finds
 *  - the driver whose customer id the text is;
 *  - names whose first word, or whose rest from the second word on, starts with the text
 *    (`racing_drivers_name_prefix`, `racing_drivers_surname_prefix`: the drivers' search keys,
 *    carrying the hit's columns; the first 100 of each in index order, read index-only);
 *  - only when that leaves the list short and the text has 3+ characters and is not a number:
 *    names containing it anywhere ("stapp"; the trigram index, at most 2 × limit candidates),
 *    after the word-start hits.
 * Ranking (within each of the two groups): customer id, exact name, name starting with the
 * text, a word starting with it, a fragment; then trigram similarity, name, id. `limit` 1..25,
 * default 10. One statement, licences included (as arrays of the licence row's columns, which
 * cost less to build and parse than objects), in the database function `racing_search_drivers`
 * (migrations/0093_racing_search_drivers.ts, 0095_…_licence_arrays.ts, 0096_…_in_key_order.ts),
 * which keeps one plan per connection: planned per call, the statement cost about as much to
 * plan as to run. Two scans
 * are one-time filters that run only when they can change the answer: the later-word scan when
 * fewer than `limit` names start with the text (those rank above every later-word-only match),
 * the fragment scan when the word starts found fewer than `limit`.
 */
export async function searchDrivers(
  db: Knex,
  params: { q: string; limit?: number },
): Promise<DriverSearchHitDto[]> {
  return run(db, searchDriversStatement(params));
}

/** searchDrivers as a statement, to send in one round trip with others (src/db/batch.ts). */
export function searchDriversStatement(params: {
  q: string;
  limit?: number;
}): Statement<DriverSearchHitDto[]> {
  const q = normaliseSearch(params.q);
  const limit = params.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 25) {
    throw new InvalidQueryError('limit', 'limit must be an integer from 1 to 25');
  }
  const numeric = /^\d{1,9}$/.test(q);
  const fragments = q.length >= 3 && !numeric;
  return statement(
    `SELECT cust_id, display_name, country_code, licenses
       FROM racing_search_drivers(?::text, ?::int, ?::text, ?::text, ?::int)`,
    [
      q,
      numeric ? Number(q) : -1,
      `${escapeLike(q)}%`,
      fragments ? `%${escapeLike(q)}%` : null,
      limit,
    ],
    (rows: SearchHitRow[]) =>
      rows.map((h) => ({
        custId: h.cust_id,
        displayName: h.display_name,
        countryCode: h.country_code,
        licenses: h.licenses.map(toLicenceDto),
      })),
  );
}
