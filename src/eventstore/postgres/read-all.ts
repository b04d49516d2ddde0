import type { QueryArrayConfig } from 'pg';
import { parsePosition, type PayloadEvent, type Position } from '../port.ts';
import { EVENTS_TABLE, VISIBLE } from './sql.ts';

/**
 * readAll's aggregated page of PAYLOAD events and its decoding (PostgreSQL adapter); full reads
 * stream one row per event (read-all-rows.ts, same page and facts: pages of large whole events
 * would make one huge text). A page is ONE statement (one snapshot: the page, the head and the
 * scan end agree) that returns ONE row: the page's events
 * aggregated column by column into a few texts (positions, types, versions, payloads, ...),
 * followed by the page's facts. Per page the server sends one row instead of one per event, and
 * the client makes one `JSON.parse` of all payloads and a few `split`s instead of decoding every
 * field of every row (measured on a page of 1000 payload events: server 1.26 → 0.76 ms per read,
 * node 2.0 → 0.8 ms CPU; docs/benchmarks.md, "Core").
 *
 * The events are the rows of an ordered walk of the primary key (transaction_id,
 * global_position), the global order:
 *  - unfiltered: the first `maxCount` visible rows after `from`;
 *  - filtered: the wanted rows among the first `window` visible rows after `from` (EventStoreDB's
 *    "max search window": a sparse filter never makes one read examine the whole log), at most
 *    `maxCount` of them. The walk is a subquery with its own LIMIT, so every plan for it is bounded
 *    by `window` rows whatever the planner believes about the type filter.
 * The facts: the newest visible position (`head`: a short page moves the caller past filtered-out
 * events), whether committed events wait behind the visibility bound (`heldBack`), and, for a
 * filtered page with fewer than `maxCount` events, where the walk ended (`scanEnd`: the
 * `window`-th visible row after `from`, or null when fewer rows were visible). That probe is a
 * CASE branch, so PostgreSQL runs it only when the page is short.
 *
 * `maxCount` and `window` are written into the SQL as literals (checked integers): with them the
 * generic plan of the prepared statement is the bounded walk, so each connection plans it once
 * (with `LIMIT $n` PostgreSQL re-planned every call). The number of such named statements is
 * capped (MAX_NAMED); other sizes run unnamed.
 */

/** The events' order: the primary key's. */
export const ORDER = 'ORDER BY transaction_id, global_position';

// The aggregates of a page's rows `p`. Every aggregate reads the page's rows in the same order
// (one Aggregate node over the ordered walk); `decodePage` still checks that order.
// Their order is the slot order of PageRow; the facts follow them (see readAllStatement).
const PAYLOAD_AGGREGATES = [
  'count(*)::int',
  `string_agg(p.transaction_id::text || '/' || p.global_position::text, ',')`,
  'json_agg(p.event_type)',
  `string_agg(p.schema_version::text, ',')`,
  // `json` is stored as its text: data::text is a copy, never a re-serialisation.
  `string_agg(p.data::text, ',')`,
].join(', ');
/** The columns each page row reads from es_events. */
const ROW_COLUMNS = 'transaction_id, global_position, event_type, schema_version, data';

/** The row of a page: the events' slots 0–4, then the facts (5–7). Aggregates over no rows are null. */
export type PageRow = [
  count: number,
  positions: string | null,
  types: string[] | null,
  versions: string | null,
  data: string | null,
  head: string | null,
  heldBack: boolean,
  scanEnd: string | null,
];

/** A row's position as the store writes it (`major/minor`). */
const POSITION_TEXT = `transaction_id::text || '/' || global_position::text`;

export const HEAD = `(SELECT ${POSITION_TEXT} FROM ${EVENTS_TABLE}
   WHERE ${VISIBLE} ORDER BY transaction_id DESC, global_position DESC LIMIT 1)`;
// ORDER BY … LIMIT 1 keeps this on the primary key even before the table is analysed (a bare
// EXISTS may be planned as a sequential scan of the whole log).
export const HELD_BACK = `(SELECT transaction_id FROM ${EVENTS_TABLE}
   WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
   ORDER BY transaction_id LIMIT 1) IS NOT NULL`;
export const AFTER = `(transaction_id, global_position) > ($1::xid8, $2::bigint) AND ${VISIBLE}`;

/** The first `window` visible rows after `from`, in log order: the bounded walk of a filtered page. */
export const walk = (columns: string, window: number): string =>
  `(SELECT ${columns} FROM ${EVENTS_TABLE} WHERE ${AFTER} ${ORDER} LIMIT ${window}) AS walk`;

/** The position of the `window`-th visible row after `from` (null when fewer are visible). */
export const scanEndProbe = (window: number): string =>
  `(SELECT ${POSITION_TEXT} FROM ${EVENTS_TABLE} WHERE ${AFTER} ${ORDER} OFFSET ${window - 1} LIMIT 1)`;

/** Distinct named page statements at most (per process; each connection prepares those it runs). */
const MAX_NAMED = 48;
const named = new Set<string>();

function positiveInteger(n: number, what: string): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`${what} must be a positive integer`);
  return n;
}

/**
 * The parts every page statement (this module's and read-all-rows.ts') shares: `maxCount` and
 * `window` checked (they are written into the SQL as literals), and the bindings: $1/$2 the
 * position after which to read, $3 the wanted event types when filtered.
 */
export function pageValues(
  from: Position,
  maxCount: number,
  eventTypes: readonly string[] | undefined,
  window: number,
): unknown[] {
  const { major, minor } = parsePosition(from);
  positiveInteger(maxCount, 'maxCount');
  positiveInteger(window, 'window');
  const values: unknown[] = [major.toString(), minor.toString()];
  if (eventTypes) values.push(eventTypes);
  return values;
}

/** A page statement in array row mode, named (so prepared once per connection) while names last. */
export function pageStatement(name: string, text: string, values: unknown[]): QueryArrayConfig {
  if (!named.has(name) && named.size < MAX_NAMED) named.add(name);
  return named.has(name)
    ? { rowMode: 'array', name, text, values }
    : { rowMode: 'array', text, values };
}

/** One page of the global log after `from` (exclusive): see the module comment. */
export function readAllStatement(
  from: Position,
  maxCount: number,
  eventTypes: readonly string[] | undefined,
  window: number,
): QueryArrayConfig {
  const values = pageValues(from, maxCount, eventTypes, window);
  const select = `SELECT ${PAYLOAD_AGGREGATES}, ${HEAD}, ${HELD_BACK}`;
  if (!eventTypes) {
    return pageStatement(
      `es_read_all_payload_${maxCount}`,
      `${select}, NULL::text
      FROM (SELECT ${ROW_COLUMNS} FROM ${EVENTS_TABLE}
            WHERE ${AFTER} ${ORDER} LIMIT ${maxCount}) AS p`,
      values,
    );
  }
  return pageStatement(
    `es_read_all_filtered_payload_${maxCount}_${window}`,
    `${select}, CASE WHEN count(*) < ${maxCount} THEN ${scanEndProbe(window)} END
      FROM (SELECT ${ROW_COLUMNS} FROM ${walk(ROW_COLUMNS, window)}
            WHERE event_type = ANY($3::text[]) ${ORDER} LIMIT ${maxCount}) AS p`,
    values,
  );
}

/** A decoded page: its events in log order and its facts (positions as the store makes them). */
export interface DecodedPage<E extends PayloadEvent> {
  events: E[];
  /** Newest visible position; null on an empty log. */
  head: Position | null;
  heldBack: boolean;
  /** Filtered reads with a short page: the end of the walk when it filled its window; else null. */
  scanEnd: Position | null;
}

/** Splits an aggregated text column into `n` parts (an empty page aggregates to null). */
function parts(text: string | null | undefined, n: number, what: string): string[] {
  const out = n === 0 ? [] : (text ?? '').split(',');
  if (out.length !== n) throw new Error(`readAll page: ${what} has ${out.length} parts, not ${n}`);
  return out;
}

function array<T>(value: T[] | null | undefined, n: number, what: string): T[] {
  const out = n === 0 ? [] : (value ?? []);
  if (out.length !== n) throw new Error(`readAll page: ${what} has ${out.length} items, not ${n}`);
  return out;
}

/** Decodes a page's row into payload events and the page's facts. */
export function decodePage(row: PageRow): DecodedPage<PayloadEvent> {
  const n = row[0];
  const positions = parts(row[1], n, 'positions') as Position[];
  const types = array(row[2], n, 'types');
  const versions = parts(row[3], n, 'versions');
  // Every payload is valid JSON (the column is `json`), so their comma-joined texts in brackets
  // are one JSON array: one parse for the page.
  const data = array(n === 0 ? [] : (JSON.parse(`[${row[4] ?? ''}]`) as unknown[]), n, 'data');
  const events: PayloadEvent[] = new Array<PayloadEvent>(n);
  for (let i = 0; i < n; i++) {
    events[i] = {
      type: types[i]!,
      data: data[i],
      schemaVersion: Number(versions[i]),
      position: positions[i]!,
    };
  }
  return {
    events: inLogOrder(events),
    head: row[5] as Position | null,
    heldBack: row[6] === true,
    scanEnd: row[7] as Position | null,
  };
}

/**
 * The events in log order. PostgreSQL aggregates the rows in the order the ordered walk delivers
 * them (checked here, one comparison per event); should a plan ever deliver them otherwise, they
 * are sorted.
 */
function inLogOrder<E extends PayloadEvent>(events: E[]): E[] {
  for (let i = 1; i < events.length; i++) {
    if (comparePositionTexts(events[i - 1]!.position, events[i]!.position) >= 0) {
      return events.sort((a, b) => comparePositionTexts(a.position, b.position));
    }
  }
  return events;
}

/** Order of two positions as the page writes them (canonical decimals `major/minor`). */
export function comparePositionTexts(a: string, b: string): number {
  const i = a.indexOf('/');
  const j = b.indexOf('/');
  return (
    compareDecimals(a.slice(0, i), b.slice(0, j)) || compareDecimals(a.slice(i + 1), b.slice(j + 1))
  );
}

function compareDecimals(x: string, y: string): number {
  if (x === y) return 0;
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : 1;
}
