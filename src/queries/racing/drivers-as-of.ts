import type { Knex } from 'knex';
import { preparedRows } from '../../db/prepared.ts';
import { DRIVER_HISTORY_TABLE } from '../../projections/driver-history/tables.ts';
import { DRIVERS_TABLE } from '../../projections/drivers/tables.ts';
import { COUNTS_AS_START_SQL } from '../../projections/racing/rebuild-sql.ts';
import { DRIVER_TOTALS_TABLE } from '../../projections/driver-career/tables.ts';
import {
  RESULTS_TABLE,
  SESSIONS_TABLE,
  SUBSESSIONS_TABLE,
} from '../../projections/subsessions/tables.ts';
import {
  DRIVER_SORT_DEFAULT_DIRECTION,
  DRIVER_SORTS,
  LICENCE_CLASS_GROUPS,
  type DriverListItemDto,
  type DriverSort,
  type ListDriversParams,
  type SortDirection,
} from './drivers.ts';
import { decodeCursor, InvalidQueryError, keysetPage, pageLimit, type Page } from './paging.ts';
import { parseCategory, toLicense } from './shapes.ts';

/**
 * The driver leaderboards as they stood at a race time (docs/as-of.md): every driver's rating
 * and licence in a category at an instant, from the driver history read model as Pitwall knows
 * it now (src/projections/driver-history: a fact per race, valid from the race's start until the
 * next fact of the driver and category).
 *
 * A fact valid at T has valid_from < T ≤ valid_to (or no valid_to). By iRating, safety rating and
 * licence the list walks the category's partial rank indexes of the current facts
 * (racing_driver_history_rank_*: the sort keys, then valid_from and valid_to as included columns),
 * skipping facts of other moments; by name it walks the drivers by name and probes each one's fact
 * at T (racing_driver_history_as_of). Starts and wins at T are counted per listed driver from
 * his results on the nearer side of T (racing_results_driver_recent; after T, subtracted from
 * his career totals), as the career totals count them.
 */

/** The sorts a past list offers: starts and wins have no history to walk in order. */
export const AS_OF_DRIVER_SORTS = [
  'irating',
  'safety_rating',
  'licence',
  'name',
] as const satisfies readonly DriverSort[];
export type AsOfDriverSort = (typeof AS_OF_DRIVER_SORTS)[number];

export const isAsOfDriverSort = (sort: string): sort is AsOfDriverSort =>
  (AS_OF_DRIVER_SORTS as readonly string[]).includes(sort);

export interface ListDriversAtParams extends ListDriversParams {
  /** The exclusive race-time bound (an ISO instant: AsOf.raceBefore). */
  at: string;
}

/** The walked sorts: key columns of racing_driver_history in index order. */
const KEYS: Record<Exclude<AsOfDriverSort, 'name'>, readonly string[]> = {
  irating: ['h.irating'],
  safety_rating: ['h.sub_level'],
  licence: ['h.license_group', 'h.sub_level'],
};

interface AtRow {
  cust_id: number;
  display_name: string;
  country_code: string | null;
  category: string | null;
  irating: number | null;
  sub_level: number | null;
  license_level: number | null;
  license_group: number | null;
  starts: number;
  wins: number;
}

/**
 * Cursors: `{a: instant, s: sort, v: [key values] | n: lower name, c: cust id, d: direction}`.
 * A cursor is refused unless this list (same instant, sort and direction) issued it.
 */
interface AtCursor {
  a: string;
  s: AsOfDriverSort;
  v?: number[];
  n?: string;
  c: number;
  d: SortDirection;
}

const isAtCursor = (v: unknown): v is AtCursor => {
  const o = v as Partial<AtCursor> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.a === 'string' &&
    typeof o.s === 'string' &&
    Number.isInteger(o.c) &&
    (o.d === 'asc' || o.d === 'desc') &&
    (o.v === undefined || (Array.isArray(o.v) && o.v.every((x) => Number.isInteger(x)))) &&
    (o.n === undefined || typeof o.n === 'string')
  );
};

/** A page driver's starts in the category (`s`, the start's subsession; `r` the result). */
const startsOf = (bound: '<' | '>=') => `FROM ${RESULTS_TABLE} r
       JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = r.subsession_id
      WHERE r.cust_id = p.cust_id AND r.is_primary AND r.start_time ${bound} ?::timestamptz
        AND s.category = ? AND ${COUNTS_AS_START_SQL}`;
const WIN = 'count(*) FILTER (WHERE r.finish_position_in_class = 1)';

/**
 * Starts and wins before the instant of the page's drivers (`p`) in the category, as `c` =
 * [starts, wins], from the driver's own results (racing_results_driver_recent) on the nearer side
 * of the instant: in the later half of the data (the instant after the midpoint of the first and
 * the last session start, two probes of racing_sessions_recent) his career totals
 * (racing_driver_totals, counted from the same starts) minus his starts from the instant on,
 * otherwise his starts before it. A list of a recent day reads a few results per driver instead
 * of his whole career. Bindings: instant, category, instant, category, instant, category.
 */
const countsAt = `LEFT JOIN ${DRIVER_TOTALS_TABLE} tt ON tt.cust_id = p.cust_id AND tt.category = ?
  CROSS JOIN LATERAL (
    SELECT CASE
      WHEN ?::timestamptz > (SELECT min(start_time) + (max(start_time) - min(start_time)) / 2
                               FROM ${SESSIONS_TABLE})
      THEN (SELECT ARRAY[coalesce(tt.starts, 0) - count(*), coalesce(tt.wins, 0) - ${WIN}]
              ${startsOf('>=')})
      ELSE (SELECT ARRAY[count(*), ${WIN}] ${startsOf('<')})
    END AS c
    -- Not pulled up into the outer SELECT, where each of c[1] and c[2] would count again.
    OFFSET 0) t`;

/**
 * A page of the driver list at `params.at`: the same filters, directions and page size as
 * listDrivers; sorts AS_OF_DRIVER_SORTS (another sort is an InvalidQueryError naming `sort`).
 */
export async function listDriversAt(
  db: Knex,
  params: ListDriversAtParams,
): Promise<Page<DriverListItemDto>> {
  const sort = params.sort ?? 'irating';
  if (!isAsOfDriverSort(sort)) {
    throw new InvalidQueryError(
      'sort',
      (DRIVER_SORTS as readonly string[]).includes(sort)
        ? `sort ${sort} is not available with asOf; use one of ${AS_OF_DRIVER_SORTS.join(', ')}`
        : `sort must be one of ${DRIVER_SORTS.join(', ')}`,
    );
  }
  const at = new Date(params.at).toISOString();
  const direction = params.direction ?? DRIVER_SORT_DEFAULT_DIRECTION[sort];
  const limit = pageLimit(params.limit);
  const category = parseCategory(params.category ?? 'sports_car');
  const country = params.country?.toUpperCase();
  const groups =
    params.licenceClass === undefined ? null : [...LICENCE_CLASS_GROUPS[params.licenceClass]];
  if (params.licenceClass !== undefined && !groups) {
    throw new InvalidQueryError('licenceClass', 'licenceClass must be one of R, D, C, B, A, P');
  }
  const after = params.cursor ? decodeCursor(params.cursor, isAtCursor) : null;
  if (after && (after.a !== at || after.s !== sort || after.d !== direction)) {
    throw new InvalidQueryError('cursor', 'cursor is not one this list issued');
  }
  const op = direction === 'asc' ? '>' : '<';
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  const filters = `${country === undefined ? '' : 'AND d.country_code = ?'}
                   ${groups === null ? '' : 'AND h.license_group = ANY(?::int2[])'}`;
  const filterArgs = [
    ...(country === undefined ? [] : [country]),
    ...(groups === null ? [] : [groups]),
  ];
  const valid = `h.superseded_at IS NULL AND h.valid_from < ?::timestamptz
                 AND (h.valid_to IS NULL OR h.valid_to >= ?::timestamptz)`;

  let page: string;
  let pageArgs: Knex.RawBinding[];
  let keyOf: (r: AtRow) => Pick<AtCursor, 'v' | 'n'>;
  if (sort === 'name') {
    if (after && after.n === undefined) throw new InvalidQueryError('cursor', 'bad cursor');
    page = `SELECT d.cust_id, d.display_name, d.country_code, h.category, h.irating, h.sub_level,
                   h.license_level, h.license_group
              FROM ${DRIVERS_TABLE} d
              LEFT JOIN LATERAL (
                SELECT h.category, h.irating, h.sub_level, h.license_level, h.license_group
                  FROM ${DRIVER_HISTORY_TABLE} h
                 WHERE h.cust_id = d.cust_id AND h.category = ? AND ${valid}
                 ORDER BY h.valid_from DESC LIMIT 1) h ON true
             WHERE true ${filters}
               ${after ? `AND (lower(d.display_name), d.cust_id) ${op} (?, ?)` : ''}
             ORDER BY lower(d.display_name) ${dir}, d.cust_id ${dir}
             LIMIT ${limit + 1}`;
    pageArgs = [category, at, at, ...filterArgs, ...(after ? [after.n!, after.c] : [])];
    keyOf = (r) => ({ n: r.display_name.toLowerCase() });
  } else {
    const keys = KEYS[sort];
    if (after && after.v?.length !== keys.length) {
      throw new InvalidQueryError('cursor', 'cursor is not one this list issued');
    }
    const keyList = [...keys, 'h.cust_id'];
    page = `SELECT h.cust_id, d.display_name, d.country_code, h.category, h.irating, h.sub_level,
                   h.license_level, h.license_group
              FROM ${DRIVER_HISTORY_TABLE} h JOIN ${DRIVERS_TABLE} d ON d.cust_id = h.cust_id
             WHERE h.category = ? AND ${keys.map((k) => `${k} IS NOT NULL`).join(' AND ')}
               AND ${valid} ${filters}
               ${after ? `AND (${keyList.join(', ')}) ${op} (${keyList.map(() => '?').join(', ')})` : ''}
             ORDER BY ${keyList.map((k) => `${k} ${dir}`).join(', ')}
             LIMIT ${limit + 1}`;
    pageArgs = [category, at, at, ...filterArgs, ...(after ? [...after.v!, after.c] : [])];
    keyOf = (r) => ({
      v:
        sort === 'irating'
          ? [r.irating ?? 0]
          : sort === 'safety_rating'
            ? [r.sub_level ?? 0]
            : [r.license_group ?? 0, r.sub_level ?? 0],
    });
  }
  // Prepared, with the page size in the text (src/db/prepared.ts): a connection plans each
  // sort's statement once.
  const rows = await preparedRows<AtRow>(
    db,
    `SELECT p.*, t.c[1]::int AS starts, t.c[2]::int AS wins
       FROM (${page}) p ${countsAt}
      ORDER BY ${sort === 'name' ? `lower(p.display_name) ${dir}, p.cust_id ${dir}` : `${KEYS[sort].map((k) => `p.${k.slice(2)} ${dir}`).join(', ')}, p.cust_id ${dir}`}`,
    [...pageArgs, category, at, at, category, at, category],
  );
  return keysetPage(
    rows,
    limit,
    (r) => ({ a: at, s: sort, ...keyOf(r), c: r.cust_id, d: direction }),
    (r) => ({
      custId: r.cust_id,
      displayName: r.display_name,
      countryCode: r.country_code,
      license:
        r.category === null ? null : toLicense({ ...r, category: r.category, tt_rating: null }),
      starts: r.starts,
      wins: r.wins,
    }),
  );
}

/**
 * The lateral sub-select of the `limit` highest-rated drivers of one category at an instant (the
 * home page's "Top drivers" of a past day, src/queries/racing/home.ts): a walk of
 * racing_driver_history_rank_irating from the top for `category` (an SQL expression of the outer
 * query), skipping inside the index the facts of other moments. It answers cust_id, display_name
 * and irating, highest first, and takes the instant (an ISO timestamp) as two `?` bindings.
 */
export function topDriversAtSql(category: string, limit: number): string {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`bad limit ${limit}`);
  return `SELECT h.cust_id, d.display_name, h.irating
    FROM ${DRIVER_HISTORY_TABLE} h JOIN ${DRIVERS_TABLE} d ON d.cust_id = h.cust_id
   WHERE h.category = ${category} AND h.irating IS NOT NULL AND h.superseded_at IS NULL
     AND h.valid_from < ?::timestamptz
     AND (h.valid_to IS NULL OR h.valid_to >= ?::timestamptz)
   ORDER BY h.irating DESC, h.cust_id DESC
   LIMIT ${limit}`;
}
