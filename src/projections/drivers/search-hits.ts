import type { Knex } from 'knex';
import { LICENCE_GROUPS, MAX_LICENCE_LEVEL, MIN_LICENCE_LEVEL } from '../../domain/licence.ts';
import { DRIVER_LICENSES_TABLE, DRIVER_SEARCH_HITS_TABLE, DRIVERS_TABLE } from './tables.ts';

/**
 * Each driver's driver-search hit as the API answers it, stored as JSON text
 * (racing_driver_search_hits): `{"custId":…,"displayName":…,"countryCode":…,"licenses":[…]}`,
 * exactly the text `JSON.stringify` makes of the query layer's DriverSearchHitDto (same keys in
 * the same order, numbers and strings written alike), each licence the LicenseDto that
 * `toLicense` (src/queries/racing/shapes.ts) makes of the licence row, the licences by category.
 * A search then reads one short row per hit and sends the texts as they are: no licence rows
 * read, nothing parsed or serialized again per request.
 *
 * The text is built by SQL here, in one statement, for the live batches and for a rebuild alike
 * (./search-hits.int.test.ts holds it to `JSON.stringify` of the DTO, for every value a licence
 * column can hold, and for names that need escaping):
 *  - a JSON string is `to_json(text)`: PostgreSQL escapes `"`, `\` and the control characters as
 *    JSON.stringify does (`\b \f \n \r \t`, the others `\u00xx`);
 *  - integers print alike; the safety rating `sub_level / 100` is the decimal with its trailing
 *    zeros trimmed (`trim_scale`: 4.75, 4.1, 4, 0.05), the shortest text of that double, as
 *    JavaScript prints it; the licence's rating is `toFixed(2)`, the decimal to two places;
 *  - the class letter from license_group when it is set (none for a group outside 1..7), else
 *    from license_level (none outside 1..28).
 */

/** `(ARRAY['R', …])`: the licence letters by group, from the domain's table. */
const LETTERS = `(ARRAY[${LICENCE_GROUPS.map((g) => `'${g.letter}'`).join(', ')}])`;

/** The class letter of licence row `l` (SQL), null when neither group nor level names one. */
const LETTER = `CASE WHEN l.license_group IS NOT NULL THEN ${LETTERS}[l.license_group]
  WHEN l.license_level BETWEEN ${MIN_LICENCE_LEVEL} AND ${MAX_LICENCE_LEVEL}
    THEN ${LETTERS}[(l.license_level + 3) / 4] END`;

/** A JSON value's text, `null` for SQL NULL. */
const orNull = (sql: string) => `coalesce(${sql}, 'null')`;

/** Licence row `l` as the text of its LicenseDto (SQL). */
export const LICENCE_JSON = `'{"category":' || to_json(l.category)::text
  || ',"irating":' || ${orNull('l.irating::text')}
  || ',"safetyRating":' || ${orNull('trim_scale(l.sub_level::numeric / 100)::text')}
  || ',"licenseLevel":' || ${orNull('l.license_level::text')}
  || ',"licenseClass":' || ${orNull(`to_json(${LETTER})::text`)}
  || ',"licence":' || ${orNull(`to_json(${LETTER} || ' ' || round(l.sub_level::numeric / 100, 2)::text)::text`)}
  || ',"ttRating":' || ${orNull('l.tt_rating::text')} || '}'`;

/** Driver row `d` as the text of its search hit, its licences read by key in category order. */
const HIT_JSON = `'{"custId":' || d.cust_id
  || ',"displayName":' || to_json(d.display_name)::text
  || ',"countryCode":' || ${orNull('to_json(d.country_code)::text')}
  || ',"licenses":[' || coalesce((SELECT string_agg(${LICENCE_JSON}, ',' ORDER BY l.category)
       FROM ${DRIVER_LICENSES_TABLE} l WHERE l.cust_id = d.cust_id), '') || ']}'`;

/**
 * Writes the search hits of the given drivers (all drivers: `'all'`, after a rebuild's copy)
 * from their rows as they are now; a hit whose text did not change is not rewritten.
 */
export async function writeSearchHits(
  trx: Knex.Transaction | Knex,
  custIds: readonly number[] | 'all',
): Promise<void> {
  if (custIds !== 'all' && custIds.length === 0) return;
  const h = DRIVER_SEARCH_HITS_TABLE;
  await trx.raw(
    `INSERT INTO ${h} (cust_id, hit)
     SELECT d.cust_id, ${HIT_JSON} FROM ${DRIVERS_TABLE} d
      ${custIds === 'all' ? '' : 'WHERE d.cust_id = ANY(?::int4[])'}
     ON CONFLICT (cust_id) DO UPDATE SET hit = excluded.hit
      WHERE ${h}.hit IS DISTINCT FROM excluded.hit`,
    custIds === 'all' ? [] : [[...custIds]],
  );
}
