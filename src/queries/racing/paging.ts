/**
 * Paging for the racing queries: every list takes `{ limit, cursor }` and answers
 * `{ items, nextCursor }`. Cursors are opaque base64url strings; a list ordered by a unique key
 * encodes the last item's key (keyset paging, cost independent of depth), a ranked list encodes
 * an offset. A cursor that does not decode is the caller's mistake: InvalidQueryError.
 */

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;

export interface PageRequest {
  /** 1..100; default 25. */
  limit?: number;
  /** From a previous answer's `nextCursor`. */
  cursor?: string | null;
}

export interface Page<T> {
  items: T[];
  /** null on the last page. */
  nextCursor: string | null;
}

/** A parameter a query cannot serve (bad cursor, limit out of range, unknown value). */
export class InvalidQueryError extends Error {
  override readonly name = 'InvalidQueryError';
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
  }
}

export function pageLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new InvalidQueryError('limit', `limit must be an integer from 1 to ${MAX_LIMIT}`);
  }
  return limit;
}

export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Decodes a cursor and checks its shape with `isValid`; throws InvalidQueryError otherwise. */
export function decodeCursor<T>(cursor: string, isValid: (v: unknown) => v is T): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidQueryError('cursor', 'cursor is not one this list issued');
  }
  if (!isValid(value)) throw new InvalidQueryError('cursor', 'cursor is not one this list issued');
  return value;
}

/** The key of a list ordered by (start time, subsession id): `t` an ISO time, `s` the id. */
export const isTimeKey = (v: unknown): v is { t: string; s: number } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { t?: unknown }).t === 'string' &&
  !Number.isNaN(Date.parse((v as { t: string }).t)) &&
  Number.isInteger((v as { s?: unknown }).s);

const isOffset = (v: unknown): v is { o: number } =>
  typeof v === 'object' &&
  v !== null &&
  Number.isInteger((v as { o?: unknown }).o) &&
  (v as { o: number }).o >= 0 &&
  (v as { o: number }).o <= 100_000;

/** Offset paging for ranked lists (bounded depth: 100,000 rows). */
export function offsetOf(req: PageRequest): number {
  return req.cursor ? decodeCursor(req.cursor, isOffset).o : 0;
}

/** Shapes the page from `limit + 1` fetched rows: the extra row only says "there is more". */
export function offsetPage<R, T>(
  rows: R[],
  limit: number,
  offset: number,
  shape: (r: R, index: number) => T,
): Page<T> {
  const more = rows.length > limit;
  const items = rows.slice(0, limit).map((r, i) => shape(r, offset + i));
  return { items, nextCursor: more ? encodeCursor({ o: offset + limit }) : null };
}

/** Keyset paging: the cursor is the sort key of the last item returned. */
export function keysetPage<R, T, K>(
  rows: R[],
  limit: number,
  keyOf: (r: R) => K,
  shape: (r: R) => T,
): Page<T> {
  const more = rows.length > limit;
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return {
    items: kept.map(shape),
    nextCursor: more && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}

export const iso = (d: Date | string | null): string | null =>
  d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();
