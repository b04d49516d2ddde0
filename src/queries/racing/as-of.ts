import type { Knex } from 'knex';
import type { AsOf } from '../../domain/as-of.ts';
import { RACING_CATEGORIES, type RacingCategory } from '../../events/racing/common.ts';
import { DRIVER_HISTORY_TABLE } from '../../projections/driver-history/tables.ts';
import { SESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import { known, run, statement, type Statement } from '../../db/batch.ts';
import { listBindings } from '../../db/prepared.ts';
import { iso } from './paging.ts';
import { toLicense, type LicenseDto } from './shapes.ts';

/**
 * Reads of the site "as of a date" (docs/as-of.md): the first day of the data (the lower bound of
 * `?asOf=`), and a driver's ratings and licences at a race time as Pitwall knows them now or
 * knew them at a learned time, from the driver history read model
 * (src/projections/driver-history). Every lookup is a probe of racing_driver_history_as_of
 * (cust_id, category, valid_from DESC): one per category, stopping at the first row that counts.
 */

/** The bounds of one as-of read (exclusive ISO instants; null: no bound). */
export type AsOfBounds = Pick<AsOf, 'raceBefore' | 'knownBefore'>;

/** The UTC day of the first race Pitwall holds (`YYYY-MM-DD`), null when it holds none. */
export async function firstRaceDay(db: Knex): Promise<string | null> {
  return run(db, firstRaceDayStatement());
}

/**
 * The statement of firstRaceDay (to run alone or in a page's batch, src/db/batch.ts): min() over
 * the sessions' start_time index (racing_sessions_recent), one probe, prepared (every as-of page
 * asks; src/db/prepared.ts).
 */
export function firstRaceDayStatement(): Statement<string | null> {
  return statement<{ first: Date | null }, string | null>(
    `SELECT min(start_time) AS first FROM ${SESSIONS_TABLE}`,
    [],
    (rows) => {
      const first = rows[0]?.first;
      return first ? first.toISOString().slice(0, 10) : null;
    },
  );
}

/** A driver's licence in one category at a moment, and where it comes from. */
export interface RatingFactDto {
  license: LicenseDto;
  /** Race time the value became true (the race's start or the profile's observation). */
  validFrom: string;
  /** Learned time: when Pitwall recorded it. */
  recordedAt: string;
  /** When a correction replaced it; null while it is what Pitwall knows. */
  supersededAt: string | null;
  /** The race it comes from; null for a profile observation. */
  subsessionId: number | null;
}

interface FactRow {
  category: string;
  valid_from: Date;
  recorded_at: Date;
  superseded_at: Date | null;
  subsession_id: number | null;
  irating: number | null;
  sub_level: number | null;
  license_level: number | null;
  license_group: number | null;
}

const FACT_COLUMNS = `h.valid_from, h.recorded_at, h.superseded_at, h.subsession_id, h.irating,
  h.sub_level, h.license_level, h.license_group`;

/** Newest race time first; a tie goes to the later-recorded fact, then the race over a profile. */
const NEWEST_FIRST = `h.valid_from DESC, h.recorded_at DESC, h.subsession_id DESC NULLS LAST`;

/**
 * The WHERE conditions (after cust_id and category) and bindings of a fact that counts at the
 * bounds: begun before `raceBefore`; recorded before `knownBefore` and not superseded by then,
 * or, as known now, not superseded at all.
 */
function boundsFilter(bounds: AsOfBounds): { sql: string; bindings: Knex.RawBinding[] } {
  const parts: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  if (bounds.raceBefore !== null) {
    parts.push('h.valid_from < ?::timestamptz');
    bindings.push(bounds.raceBefore);
  }
  if (bounds.knownBefore === null) {
    parts.push('h.superseded_at IS NULL');
  } else {
    parts.push(
      'h.recorded_at < ?::timestamptz AND (h.superseded_at IS NULL OR h.superseded_at >= ?::timestamptz)',
    );
    bindings.push(bounds.knownBefore, bounds.knownBefore);
  }
  return { sql: parts.map((p) => `AND ${p}`).join(' '), bindings };
}

function toFact(r: FactRow): RatingFactDto {
  return {
    license: toLicense({
      category: r.category,
      irating: r.irating !== null && r.irating > 0 ? r.irating : null,
      sub_level: r.sub_level !== null && r.sub_level >= 0 ? r.sub_level : null,
      license_level: r.license_level,
      license_group: r.license_group,
      tt_rating: null,
    }),
    validFrom: iso(r.valid_from)!,
    recordedAt: iso(r.recorded_at)!,
    supersededAt: iso(r.superseded_at),
    subsessionId: r.subsession_id,
  };
}

/**
 * The driver's licence per category at the bounds (categories without a fact by then are left
 * out), in category order. One probe of the as-of index per category.
 */
export async function driverRatingsAsOf(
  db: Knex,
  custId: number,
  bounds: AsOfBounds,
): Promise<Map<RacingCategory, RatingFactDto>> {
  return run(db, driverRatingsAsOfStatement(custId, bounds));
}

const factsByCategory = (rows: FactRow[]): Map<RacingCategory, RatingFactDto> =>
  new Map(rows.map((r) => [r.category as RacingCategory, toFact(r)]));

/** The racing categories in order as VALUES rows (category, n), written into the text. */
const CATEGORY_ROWS = RACING_CATEGORIES.map((c, i) => `('${c}', ${i + 1})`).join(', ');

/** The statement of driverRatingsAsOf (to run alone or in a batch, src/db/batch.ts). */
export function driverRatingsAsOfStatement(
  custId: number,
  bounds: AsOfBounds,
): Statement<Map<RacingCategory, RatingFactDto>> {
  const filter = boundsFilter(bounds);
  return statement(
    `SELECT c.category, f.* FROM (VALUES ${CATEGORY_ROWS}) AS c(category, n)
       CROSS JOIN LATERAL (
         SELECT ${FACT_COLUMNS} FROM ${DRIVER_HISTORY_TABLE} h
          WHERE h.cust_id = ? AND h.category = c.category ${filter.sql}
          ORDER BY ${NEWEST_FIRST} LIMIT 1) f
      ORDER BY c.n`,
    [custId, ...filter.bindings],
    factsByCategory,
  );
}

/**
 * For each category with a correction that touches the state at `raceBefore` as known now: the
 * value Pitwall showed before the latest such correction ("as shown then"). A correction touches
 * the state when the fact it superseded began at or after the current fact (so it was, or
 * replaced, what the page showed) and before `raceBefore`. Probes of the superseded facts'
 * partial index, one per category with a current fact; no query when there is no current fact.
 */
export function driverCorrectionsAsOfStatement(
  custId: number,
  raceBefore: string | null,
  current: ReadonlyMap<RacingCategory, RatingFactDto>,
): Statement<Map<RacingCategory, RatingFactDto>> {
  const categories = [...current.keys()];
  if (categories.length === 0) return known(new Map<RacingCategory, RatingFactDto>());
  return statement(
    `SELECT c.category, f.* FROM (VALUES ${listBindings(categories.length, '(?::text, ?::timestamptz)')})
         AS c(category, since)
       CROSS JOIN LATERAL (
         SELECT ${FACT_COLUMNS} FROM ${DRIVER_HISTORY_TABLE} h
          WHERE h.cust_id = ? AND h.category = c.category AND h.superseded_at IS NOT NULL
            AND h.valid_from >= c.since ${raceBefore !== null ? 'AND h.valid_from < ?::timestamptz' : ''}
          ORDER BY h.superseded_at DESC LIMIT 1) f`,
    [
      ...categories.flatMap((c) => [c, current.get(c)!.validFrom]),
      custId,
      ...(raceBefore !== null ? [raceBefore] : []),
    ],
    factsByCategory,
  );
}
