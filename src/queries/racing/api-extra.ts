import type { Knex } from 'knex';
import {
  DRIVER_LICENSES_TABLE,
  DRIVERS_TABLE,
  NAME_PREFIX_KEY,
  SURNAME_PREFIX_KEY,
} from '../../projections/drivers/tables.ts';
import {
  listDrivers,
  type DriverListItemDto,
  type DriverSearchHitDto,
  type DriverSort,
  type ListDriversParams,
} from './drivers.ts';
import { decodeCursor, InvalidQueryError, keysetPage, pageLimit, type Page } from './paging.ts';
import {
  escapeLike,
  normaliseSearch,
  parseCategory,
  toLicense,
  type LicenseDto,
  type LicenseRow,
} from './shapes.ts';

/**
 * What the JSON API needs beyond the read-model queries of this folder (added by the API work,
 * issue 4 item 6): the driver list filtered by country and sorted in either direction, and a
 * driver search whose cost does not depend on how common the typed text is.
 */

export type SortDirection = 'asc' | 'desc';

/** The natural direction of each driver sort: highest iRating first, names A→Z. */
export const DRIVER_SORT_DEFAULT_DIRECTION: Record<DriverSort, SortDirection> = {
  irating: 'desc',
  name: 'asc',
};

export interface ListDriversFilteredParams extends ListDriversParams {
  /** ISO 3166 alpha-2, as the results carry it ("DE"); case-insensitive. */
  country?: string;
  direction?: SortDirection;
}

interface Row extends Omit<LicenseRow, 'category'> {
  cust_id: number;
  display_name: string;
  country_code: string | null;
  category: string | null;
}

/** Cursors of this function carry the direction, so a page of one order never continues another. */
const isIratingKey = (v: unknown): v is { i: number; c: number; d: SortDirection } =>
  typeof v === 'object' &&
  v !== null &&
  Number.isInteger((v as { i?: unknown }).i) &&
  Number.isInteger((v as { c?: unknown }).c) &&
  ((v as { d?: unknown }).d === 'asc' || (v as { d?: unknown }).d === 'desc');
const isNameKey = (v: unknown): v is { n: string; c: number; d: SortDirection } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { n?: unknown }).n === 'string' &&
  Number.isInteger((v as { c?: unknown }).c) &&
  ((v as { d?: unknown }).d === 'asc' || (v as { d?: unknown }).d === 'desc');

/**
 * `listDrivers` plus a country filter and a sort direction. Without either (the common case) it
 * is `listDrivers` itself; otherwise the same keyset walk over the same indexes (the iRating
 * rank index and the lower(name) index, read backwards for the other direction), with the
 * country checked on the joined driver row.
 */
export async function listDriversFiltered(
  db: Knex,
  params: ListDriversFilteredParams = {},
): Promise<Page<DriverListItemDto>> {
  const sort = params.sort ?? 'irating';
  if (sort !== 'irating' && sort !== 'name') {
    throw new InvalidQueryError('sort', 'sort must be irating or name');
  }
  const direction = params.direction ?? DRIVER_SORT_DEFAULT_DIRECTION[sort];
  const country = params.country?.toUpperCase();
  if (country === undefined && direction === DRIVER_SORT_DEFAULT_DIRECTION[sort]) {
    return listDrivers(db, { ...params, sort });
  }
  const limit = pageLimit(params.limit);
  const category = parseCategory(params.category ?? 'sports_car');
  const op = direction === 'asc' ? '>' : '<';
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  const columns = `d.cust_id, d.display_name, d.country_code, l.category, l.irating, l.sub_level,
                   l.license_level, l.license_group, l.tt_rating`;
  const countryClause = country === undefined ? '' : 'AND d.country_code = ?';
  const countryArgs = country === undefined ? [] : [country];
  if (sort === 'irating') {
    const after = params.cursor ? decodeCursor(params.cursor, isIratingKey) : null;
    if (after && after.d !== direction) {
      throw new InvalidQueryError('cursor', 'cursor is not one this list issued');
    }
    const { rows } = await db.raw<{ rows: Row[] }>(
      `SELECT ${columns}
         FROM ${DRIVER_LICENSES_TABLE} l JOIN ${DRIVERS_TABLE} d ON d.cust_id = l.cust_id
        WHERE l.category = ? AND l.irating IS NOT NULL ${countryClause}
          ${after ? `AND (l.irating, l.cust_id) ${op} (?, ?)` : ''}
        ORDER BY l.irating ${dir}, l.cust_id ${dir}
        LIMIT ?`,
      [category, ...countryArgs, ...(after ? [after.i, after.c] : []), limit + 1],
    );
    return keysetPage(
      rows,
      limit,
      (r) => ({ i: r.irating ?? 0, c: r.cust_id, d: direction }),
      shape,
    );
  }
  const after = params.cursor ? decodeCursor(params.cursor, isNameKey) : null;
  if (after && after.d !== direction) {
    throw new InvalidQueryError('cursor', 'cursor is not one this list issued');
  }
  const { rows } = await db.raw<{ rows: Row[] }>(
    `SELECT ${columns}
       FROM ${DRIVERS_TABLE} d
       LEFT JOIN ${DRIVER_LICENSES_TABLE} l ON l.cust_id = d.cust_id AND l.category = ?
      WHERE true ${countryClause}
        ${after ? `AND (lower(d.display_name), d.cust_id) ${op} (?, ?)` : ''}
      ORDER BY lower(d.display_name) ${dir}, d.cust_id ${dir}
      LIMIT ?`,
    [category, ...countryArgs, ...(after ? [after.n, after.c] : []), limit + 1],
  );
  return keysetPage(
    rows,
    limit,
    (r) => ({ n: r.display_name.toLowerCase(), c: r.cust_id, d: direction }),
    shape,
  );
}

function shape(r: Row): DriverListItemDto {
  return {
    custId: r.cust_id,
    displayName: r.display_name,
    countryCode: r.country_code,
    license: r.category === null ? null : toLicense({ ...r, category: r.category }),
  };
}

/**
 * Word-start candidates taken from each prefix index before ranking, in the index's order
 * (`USING ~<~`: the text_pattern_ops order, so the scan is an ordered range scan that stops).
 */
const PREFIX_CANDIDATES = 100;

interface NameHit {
  cust_id: number;
  display_name: string;
  country_code: string | null;
}

/**
 * Driver search as you type, served by btree range scans instead of the trigram index, so its
 * cost does not grow with how common the typed text is:
 *  - the driver whose customer id the text is;
 *  - names whose first word, or whose rest from the second word on, starts with the text
 *    (`racing_drivers_name_prefix`, `racing_drivers_surname_prefix`; the first 100 of each in
 *    index order);
 *  - only when that leaves the list short and the text has 3+ characters and is not a number:
 *    names containing it anywhere (the trigram index; at most 2 × limit).
 * Ranking: customer id, exact name, name starting with the text, a word starting with it, a
 * fragment; then trigram similarity, name, id. Same answer and limits as `searchDrivers`
 * (limit 1..25, default 10).
 */
export async function searchDriversByPrefix(
  db: Knex,
  params: { q: string; limit?: number },
): Promise<DriverSearchHitDto[]> {
  const q = normaliseSearch(params.q);
  const limit = params.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 25) {
    throw new InvalidQueryError('limit', 'limit must be an integer from 1 to 25');
  }
  const numeric = /^\d{1,9}$/.test(q);
  const prefix = `${escapeLike(q)}%`;
  const columns = 'cust_id, display_name, country_code';
  const ranked = (candidates: string, bindings: readonly (string | number)[]) =>
    db.raw<{ rows: NameHit[] }>(
      `WITH candidates AS (${candidates})
       SELECT ${columns} FROM candidates
        ORDER BY CASE WHEN cust_id = ? THEN 0
                      WHEN lower(display_name) = lower(?) THEN 1
                      WHEN ${NAME_PREFIX_KEY} LIKE lower(?) THEN 2
                      WHEN ${SURNAME_PREFIX_KEY} LIKE lower(?) THEN 3
                      ELSE 4 END,
                 similarity(display_name, ?) DESC, display_name, cust_id
        LIMIT ?`,
      [...bindings, numeric ? Number(q) : -1, q, prefix, prefix, q, limit],
    );
  const { rows } = await ranked(
    `(SELECT ${columns} FROM ${DRIVERS_TABLE} WHERE cust_id = ?)
     UNION
     (SELECT ${columns} FROM ${DRIVERS_TABLE} WHERE ${NAME_PREFIX_KEY} LIKE lower(?)
       ORDER BY ${NAME_PREFIX_KEY} USING ~<~ LIMIT ${PREFIX_CANDIDATES})
     UNION
     (SELECT ${columns} FROM ${DRIVERS_TABLE} WHERE ${SURNAME_PREFIX_KEY} LIKE lower(?)
       ORDER BY ${SURNAME_PREFIX_KEY} USING ~<~ LIMIT ${PREFIX_CANDIDATES})`,
    [numeric ? Number(q) : -1, prefix, prefix],
  );
  let hits = rows;
  if (hits.length < limit && q.length >= 3 && !numeric) {
    const more = await ranked(
      `SELECT ${columns} FROM ${DRIVERS_TABLE} WHERE display_name ILIKE ? LIMIT ${limit * 2}`,
      [`%${escapeLike(q)}%`],
    );
    const seen = new Set(hits.map((h) => h.cust_id));
    hits = [...hits, ...more.rows.filter((h) => !seen.has(h.cust_id))].slice(0, limit);
  }
  const licenses = await licensesOf(
    db,
    hits.map((h) => h.cust_id),
  );
  return hits.map((h) => ({
    custId: h.cust_id,
    displayName: h.display_name,
    countryCode: h.country_code,
    licenses: licenses.get(h.cust_id) ?? [],
  }));
}

async function licensesOf(db: Knex, custIds: number[]): Promise<Map<number, LicenseDto[]>> {
  const out = new Map<number, LicenseDto[]>();
  if (custIds.length === 0) return out;
  const rows = await db<LicenseRow & { cust_id: number }>(DRIVER_LICENSES_TABLE)
    .whereIn('cust_id', custIds)
    .orderBy(['cust_id', 'category']);
  for (const r of rows) {
    const list = out.get(r.cust_id) ?? [];
    list.push(toLicense(r));
    out.set(r.cust_id, list);
  }
  return out;
}
