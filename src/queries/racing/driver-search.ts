import type { Knex } from 'knex';
import { preparedRows } from '../../db/prepared.ts';
import {
  DRIVERS_TABLE,
  NAME_PREFIX_KEY,
  SURNAME_PREFIX_KEY,
} from '../../projections/drivers/tables.ts';
import { licenceRowsJson, toLicenses } from './licences.ts';
import { InvalidQueryError } from './paging.ts';
import { escapeLike, normaliseSearch, type LicenseDto, type LicenseRow } from './shapes.ts';

/** Driver search as you type (racing_drivers, racing_driver_licenses). */

export interface DriverSearchHitDto {
  custId: number;
  displayName: string;
  countryCode: string | null;
  licenses: LicenseDto[];
}

/**
 * Word-start candidates taken from each prefix index before ranking, in the index's order
 * (`USING ~<~`: the text_pattern_ops order, so the scan is an ordered range scan that stops).
 */
const PREFIX_CANDIDATES = 100;

interface SearchHitRow {
  cust_id: number;
  display_name: string;
  country_code: string | null;
  licenses: LicenseRow[];
}

/**
 * Driver search as you type, served by btree range scans rather than the trigram index, so its
 * cost does not grow with how common the typed text is. Case-insensitive; finds
 *  - the driver whose customer id the text is;
 *  - names whose first word, or whose rest from the second word on, starts with the text
 *    (`racing_drivers_name_prefix`, `racing_drivers_surname_prefix`; the first 100 of each in
 *    index order);
 *  - only when that leaves the list short and the text has 3+ characters and is not a number:
 *    names containing it anywhere ("stapp"; the trigram index, at most 2 × limit candidates),
 *    after the word-start hits.
 * Ranking (within each of the two groups): customer id, exact name, name starting with the
 * text, a word starting with it, a fragment; then trigram similarity, name, id. `limit` 1..25,
 * default 10. One statement, licences included; two scans are one-time filters that run only
 * when they can change the answer: the later-word scan when fewer than `limit` names start
 * with the text (those rank above every later-word-only match), the fragment scan when the
 * word starts found fewer than `limit`. It runs as a named prepared statement (src/db/prepared.ts)
 * whose plan does not depend on the text: the word-start scans are written as the index ranges
 * themselves (from the lower-cased text up to it followed by U+10FFFF) rather than as LIKE
 * patterns, which become ranges only when the planner sees the text.
 */
export async function searchDrivers(
  db: Knex,
  params: { q: string; limit?: number },
): Promise<DriverSearchHitDto[]> {
  const q = normaliseSearch(params.q);
  const limit = params.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 25) {
    throw new InvalidQueryError('limit', 'limit must be an integer from 1 to 25');
  }
  const numeric = /^\d{1,9}$/.test(q);
  const id = numeric ? Number(q) : -1;
  const prefix = `${escapeLike(q)}%`;
  const fragments = q.length >= 3 && !numeric;
  const columns = 'cust_id, display_name, country_code';
  const rank = `CASE WHEN cust_id = ? THEN 0
                     WHEN lower(display_name) = lower(?) THEN 1
                     WHEN ${NAME_PREFIX_KEY} LIKE lower(?) THEN 2
                     WHEN ${SURNAME_PREFIX_KEY} LIKE lower(?) THEN 3
                     ELSE 4 END,
                similarity(display_name, ?) DESC, display_name, cust_id`;
  const rankArgs = [id, q, prefix, prefix, q];
  const startsWith = (key: string) =>
    `${key} ~>=~ lower(?) AND ${key} ~<~ (lower(?) || chr(${0x10ffff}))`;
  const fragmentCte = `,
    fragment AS (
      SELECT ${columns}, row_number() OVER (ORDER BY ${rank}) AS ord
        FROM (SELECT ${columns} FROM ${DRIVERS_TABLE}
               WHERE (SELECT count(*) FROM prefix) < ${limit} AND display_name ILIKE ?
               LIMIT ${limit * 2}) candidates
       ORDER BY ord LIMIT ${limit})`;
  const rows = await preparedRows<SearchHitRow>(
    db,
    `WITH names AS (
       SELECT ${columns} FROM ${DRIVERS_TABLE} WHERE ${startsWith(NAME_PREFIX_KEY)}
        ORDER BY ${NAME_PREFIX_KEY} USING ~<~ LIMIT ${PREFIX_CANDIDATES}),
     prefix AS (
       SELECT ${columns}, row_number() OVER (ORDER BY ${rank}) AS ord
         FROM ((SELECT ${columns} FROM ${DRIVERS_TABLE} WHERE cust_id = ?)
               UNION
               (SELECT ${columns} FROM names)
               UNION
               (SELECT ${columns} FROM ${DRIVERS_TABLE}
                 WHERE (SELECT count(*) FROM names) < ${limit} AND ${startsWith(SURNAME_PREFIX_KEY)}
                 ORDER BY ${SURNAME_PREFIX_KEY} USING ~<~ LIMIT ${PREFIX_CANDIDATES})) candidates
        ORDER BY ord LIMIT ${limit})${fragments ? fragmentCte : ''}
     SELECT h.cust_id, h.display_name, h.country_code, ${licenceRowsJson('h.cust_id')} AS licenses
       FROM (SELECT *, 0 AS part FROM prefix
             ${fragments ? 'UNION ALL SELECT *, 1 FROM fragment WHERE cust_id NOT IN (SELECT cust_id FROM prefix)' : ''}
            ) h
      ORDER BY h.part, h.ord
      LIMIT ${limit}`,
    [q, q, ...rankArgs, id, q, q, ...(fragments ? [...rankArgs, `%${escapeLike(q)}%`] : [])],
  );
  return rows.map((h) => ({
    custId: h.cust_id,
    displayName: h.display_name,
    countryCode: h.country_code,
    licenses: toLicenses(h.licenses),
  }));
}
