import type { QueryArrayConfig } from 'pg';
import type { Position, RecordedEvent } from '../port.ts';
import {
  AFTER,
  comparePositionTexts,
  HEAD,
  HELD_BACK,
  ORDER,
  pageStatement,
  pageValues,
  scanEndProbe,
  walk,
  type DecodedPage,
} from './read-all.ts';
import { COLUMNS, EVENTS_TABLE, tupleToRecordedEvent, type EventTuple } from './sql.ts';

/**
 * readAll of WHOLE events (fields 'full'), one row per event: the same page, in the same single
 * snapshot, with the same facts as the aggregated page of read-all.ts, but streamed. Full reads
 * are what rebuilds and catch-ups of whole events make, pages of thousands of events that are
 * often large (a subsession's results are ~25 kB of JSON): aggregated, such a page is one text of
 * tens of MB that the server must finish before it sends a byte and the client must copy and
 * parse at once; row by row, the server sends while it reads and the client decodes each row as
 * it arrives. Reading racing_results' 181,905 events (2 GB of JSON) in pages of 2000: 10.1 s wall
 * and 10.4 s client CPU row by row, 24.2 s and 20 s aggregated (`npm run bench:read-all`;
 * docs/benchmarks.md, "Read path of a rebuild"). Payload reads (the runner's hot path, small events)
 * stay aggregated.
 *
 * Rows, in array row mode: FIRST the facts row (event slots null; then head, held back, scan end
 * as in DecodedPage), then one row per event in log order (EventTuple's slots, fact slots null).
 */
export type RowsPageRow = [...Partial<EventTuple>, string | null, boolean | null, string | null];

const FACT_NULLS = 'NULL::text AS head, NULL::boolean AS held_back, NULL::text AS scan_end';
const EVENT_NULLS =
  'NULL::xid8 AS transaction_id, NULL::text AS global_position_text, NULL::text AS stream_name, ' +
  'NULL::bigint AS revision, NULL::uuid AS event_id, NULL::text AS event_type, ' +
  'NULL::int AS schema_version, NULL::json AS data, NULL::json AS metadata, ' +
  'NULL::float8 AS recorded_at_ms';

/** One page of whole events after `from` (exclusive): see read-all.ts for the page's rules. */
export function readAllRowsStatement(
  from: Position,
  maxCount: number,
  eventTypes: readonly string[] | undefined,
  window: number,
): QueryArrayConfig {
  const values = pageValues(from, maxCount, eventTypes, window);
  const facts = `${EVENT_NULLS}, ${HEAD} AS head, ${HELD_BACK} AS held_back`;
  if (!eventTypes) {
    return pageStatement(
      `es_read_all_rows_${maxCount}`,
      `SELECT ${facts}, NULL::text AS scan_end
      UNION ALL
      (SELECT ${COLUMNS}, ${FACT_NULLS} FROM ${EVENTS_TABLE} WHERE ${AFTER} ${ORDER} LIMIT ${maxCount})`,
      values,
    );
  }
  // The page is materialised once, so the facts row can count it.
  return pageStatement(
    `es_read_all_rows_filtered_${maxCount}_${window}`,
    `WITH page AS MATERIALIZED (
        SELECT ${COLUMNS} FROM ${walk('*', window)}
         WHERE event_type = ANY($3::text[]) ${ORDER} LIMIT ${maxCount})
      SELECT ${facts},
             CASE WHEN (SELECT count(*) FROM page) < ${maxCount} THEN ${scanEndProbe(window)} END AS scan_end
      UNION ALL
      (SELECT page.*, ${FACT_NULLS} FROM page)`,
    values,
  );
}

/** The page's events in log order and its facts (the facts row is recognised by its null position). */
export function decodeRowsPage(rows: readonly RowsPageRow[]): DecodedPage<RecordedEvent> {
  let facts: RowsPageRow | undefined;
  const events: RecordedEvent[] = [];
  let ordered = true;
  for (const row of rows) {
    if (row[0] == null) {
      facts = row;
      continue;
    }
    const event = tupleToRecordedEvent(row as unknown as EventTuple);
    const previous = events.at(-1);
    if (previous && comparePositionTexts(previous.position, event.position) >= 0) ordered = false;
    events.push(event);
  }
  if (!facts) throw new Error('readAll page: the facts row is missing');
  if (!ordered) events.sort((a, b) => comparePositionTexts(a.position, b.position));
  return {
    events,
    head: (facts[10] ?? null) as Position | null,
    heldBack: facts[11] === true,
    scanEnd: (facts[12] ?? null) as Position | null,
  };
}
