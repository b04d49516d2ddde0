/**
 * "The site as of a date": the two clocks and the URL parameters that move them (docs/as-of.md).
 *
 *  - Race time: when a race happened (its subsession's start). `?asOf=YYYY-MM-DD` shows the state
 *    at the end of that UTC day: every race that started before the next midnight counts.
 *  - Learned time: when Pitwall recorded a fact (the event log's recorded time). `?known=` shows
 *    what Pitwall knew then: a day (`2026-05-10`, the end of that UTC day) or an instant
 *    (`2026-05-10T12:30:00Z`, seconds and milliseconds optional). A replayed correction moves the
 *    learned time of the facts it changes, never their race time.
 *
 * Pure: today and the first day of the data come in as arguments. Shared by the HTTP layer (which
 * answers a problem with a 400 on the API, a redirect or a notice on pages), the queries (which
 * take the bounds) and the browser (which formats the banner).
 */

/** The parsed state of `?asOf=&known=`. Bounds are exclusive ISO instants. */
export interface AsOf {
  /** The race-time day (`YYYY-MM-DD`); null: today. */
  readonly day: string | null;
  /** Facts whose race time is before this instant count; null: no bound (today). */
  readonly raceBefore: string | null;
  /** `known` as given in the URL (a day or an instant, normalised); null: as known now. */
  readonly known: string | null;
  /** Facts Pitwall recorded before this instant count; null: everything recorded so far. */
  readonly knownBefore: string | null;
}

/** Today: no bound on either clock. */
export const AS_OF_NOW: AsOf = { day: null, raceBefore: null, known: null, knownBefore: null };

export type AsOfParam = 'asOf' | 'known';

/**
 * Why a value was refused: `malformed` (not a date), `future` (after today), `before-data`
 * (before the first race Pitwall holds). `message` is written for a reader.
 */
export interface AsOfProblem {
  readonly kind: 'malformed' | 'future' | 'before-data';
  readonly param: AsOfParam;
  readonly message: string;
}

export type AsOfResult = { ok: true; asOf: AsOf } | { ok: false; problem: AsOfProblem };

export interface AsOfContext {
  /** The current instant (the server's clock, injected). */
  readonly now: Date;
  /** The UTC day of the first race Pitwall holds (`YYYY-MM-DD`); null when it holds none. */
  readonly firstDay: string | null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?Z$/;
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a real calendar day (2026-02-30 is not one), else null. */
export function parseDay(text: string): string | null {
  const m = DAY.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1970 || mo < 1 || mo > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? text : null;
}

/** The UTC day of an instant. */
export function dayOf(instant: Date | string): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** The instant the day after `day` begins (UTC): the exclusive end of `day`. */
export function endOfDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();
}

/** "1 May 2026" of a `YYYY-MM-DD` day (no locale or zone: the same on server and browser). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

/** "10 May 2026" or "10 May 2026, 12:30:05 UTC" of a `known` value. */
export function formatKnown(known: string): string {
  if (DAY.test(known)) return formatDay(known);
  const t = new Date(known).toISOString();
  return `${formatDay(t.slice(0, 10))}, ${t.slice(11, 19)} UTC`;
}

/**
 * The `known` value that shows what Pitwall knew just before `instant` (a correction's recorded
 * time): the millisecond before it, so the correction itself is not yet known.
 */
export function knownJustBefore(instant: Date | string): string {
  return new Date(new Date(instant).getTime() - 1).toISOString();
}

function parseKnown(text: string): { known: string; before: string; day: string } | null {
  const day = parseDay(text);
  if (day) return { known: day, before: endOfDay(day), day };
  const m = INSTANT.exec(text);
  if (!m || !parseDay(m[1]!)) return null;
  const [h, mi, s] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return null;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) return null;
  return {
    known: at.toISOString(),
    before: new Date(at.getTime() + 1).toISOString(),
    day: m[1]!,
  };
}

/**
 * Parses `?asOf=&known=` (absent or empty: not given). A day after today (or an instant after
 * now) is `future`; a day before the first race Pitwall holds is `before-data`. `known` without
 * `asOf` shows Pitwall as it was then on both clocks (no race-time bound is needed: nothing
 * recorded by then happened later).
 */
export function parseAsOf(
  input: { asOf?: unknown; known?: unknown },
  ctx: AsOfContext,
): AsOfResult {
  const today = dayOf(ctx.now);
  const given = (v: unknown): string | null | undefined =>
    v === undefined || v === '' ? null : typeof v === 'string' ? v : undefined;

  const asOfText = given(input.asOf);
  const knownText = given(input.known);
  let day: string | null = null;
  if (asOfText !== null) {
    day = asOfText === undefined ? null : parseDay(asOfText);
    if (day === null) {
      return problem('malformed', 'asOf', 'asOf must be a date as YYYY-MM-DD, e.g. 2026-05-01.');
    }
    const range = inRange('asOf', day, today, ctx.firstDay);
    if (range) return { ok: false, problem: range };
  }
  let known: { known: string; before: string } | null = null;
  if (knownText !== null) {
    const parsed = knownText === undefined ? null : parseKnown(knownText);
    if (!parsed) {
      return problem(
        'malformed',
        'known',
        'known must be a date as YYYY-MM-DD or an instant as YYYY-MM-DDTHH:MM:SSZ.',
      );
    }
    if (!DAY.test(parsed.known) && Date.parse(parsed.known) > ctx.now.getTime()) {
      return problem(
        'future',
        'known',
        `${formatKnown(parsed.known)} is in the future: Pitwall can only show what it knew up to now.`,
      );
    }
    const range = inRange('known', parsed.day, today, ctx.firstDay);
    if (range) return { ok: false, problem: range };
    known = parsed;
  }
  return {
    ok: true,
    asOf: {
      day,
      raceBefore: day === null ? null : endOfDay(day),
      known: known?.known ?? null,
      knownBefore: known?.before ?? null,
    },
  };
}

function inRange(
  param: AsOfParam,
  day: string,
  today: string,
  firstDay: string | null,
): AsOfProblem | null {
  if (day > today) {
    return {
      kind: 'future',
      param,
      message: `${formatDay(day)} is in the future: Pitwall can show any day up to today (${formatDay(today)}).`,
    };
  }
  if (firstDay === null) {
    return {
      kind: 'before-data',
      param,
      message: 'Pitwall holds no races yet, so there is no earlier state to show.',
    };
  }
  if (day < firstDay) {
    return {
      kind: 'before-data',
      param,
      message: `Pitwall's racing data starts on ${formatDay(firstDay)}; there is nothing to show for ${formatDay(day)}.`,
    };
  }
  return null;
}

function problem(kind: AsOfProblem['kind'], param: AsOfParam, message: string): AsOfResult {
  return { ok: false, problem: { kind, param, message } };
}

/** Whether the state is today's on both clocks. */
export const isNow = (asOf: AsOf): boolean => asOf.raceBefore === null && asOf.knownBefore === null;

/** The query parameters that restate `asOf` (none for today). */
export function asOfParams(asOf: Pick<AsOf, 'day' | 'known'>): Record<string, string> {
  const out: Record<string, string> = {};
  if (asOf.day) out.asOf = asOf.day;
  if (asOf.known) out.known = asOf.known;
  return out;
}
