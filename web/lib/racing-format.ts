/**
 * One formatter per racing quantity, used by every page (docs/ui.md, "Racing formatters").
 * Units are iRacing's as the API sends them: lap times and intervals in 1/10000 s, safety rating
 * as a number with two decimals, instants as ISO 8601 UTC. Number formats use a fixed locale
 * (en-US grouping: "2,345") so the server-rendered HTML and the hydrated client agree.
 *
 * Dates are shown in the reader's time zone: the server renders in UTC and the client switches
 * to the reader's zone after hydration (`useReaderTimeZone`, web/hooks/use-reader-time-zone.ts),
 * so the first paint matches the server's HTML and React never reports a mismatch.
 */

/** A quantity that is not known (no lap, unrated, no licence). */
export const NONE = '—';

const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/**
 * An integer as en-US writes it (`integerFormat`): "-1,234,567". The tables write thousands of
 * figures per page; the digits grouped here cost a fraction of a `format` call. Integers past
 * 2^53 and negative zero ("-0") go to `integerFormat` itself.
 */
function groupedInteger(n: number): string {
  if (n === 0 ? Object.is(n, -0) : !Number.isSafeInteger(n)) return integerFormat.format(n);
  const digits = String(n < 0 ? -n : n);
  let out = digits.length % 3 === 0 ? '' : digits.slice(0, digits.length % 3);
  for (let i = digits.length % 3; i < digits.length; i += 3) {
    out += (out === '' ? '' : ',') + digits.slice(i, i + 3);
  }
  return n < 0 ? `-${out}` : out;
}

/** A count or an iRating as an integer with thousands separators: 12345 → "12,345". */
export function formatInteger(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? NONE
    : groupedInteger(Math.round(value));
}

/** A count with its noun: "1 start", "2,345 starts". */
export function formatCount(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatInteger(value)} ${value === 1 ? singular : plural}`;
}

/** iRating: "2,345". */
export const formatIrating = formatInteger;

/** An iRating (or any integer) change with its sign: +42, −17 (a real minus sign), ±0. */
export function formatSignedInteger(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  const rounded = Math.round(value);
  if (rounded === 0) return '±0';
  return rounded > 0 ? `+${groupedInteger(rounded)}` : `−${groupedInteger(-rounded)}`;
}

/** Safety rating with two decimals: 3.4 → "3.40". */
export function formatSafetyRating(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NONE : value.toFixed(2);
}

/** A safety-rating change with its sign and two decimals: +0.12, −0.40. */
export function formatSafetyRatingChange(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NONE;
  const hundredths = Math.round(value * 100);
  if (hundredths === 0) return '±0.00';
  return `${hundredths > 0 ? '+' : '−'}${(Math.abs(hundredths) / 100).toFixed(2)}`;
}

/** iRacing time unit: 1/10000 s. */
export const TIME_UNITS_PER_SECOND = 10_000;

/** Milliseconds of a time in 1/10000 s, rounded half up (1234567 → 123457 ms). */
const millisOf = (units: number): number => Math.round(units / 10);

/**
 * A lap time in `m:ss.fff` from 1/10000 s: 1234567 → "2:03.457", 594321 → "0:59.432".
 * null, negative (iRacing's -1 = no time) → "—".
 */
export function formatLapTime(units: number | null | undefined): string {
  if (units === null || units === undefined || !Number.isFinite(units) || units < 0) return NONE;
  const ms = millisOf(units);
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const millis = ms % 1000;
  return `${minutes}:${String(seconds).padStart(2, '0')}.${String(millis).padStart(3, '0')}`;
}

/**
 * The gap to the car ahead or to the winner: `+s.fff` from 1/10000 s (over a minute:
 * `+m:ss.fff`), or `+N lap(s)` when the car was lapped. `lapsDown` wins over the time;
 * the winner (0, no laps down) reads "—" — pass `leader: '…'` to show something else.
 */
export function formatInterval(
  units: number | null | undefined,
  lapsDown = 0,
  options: { leader?: string } = {},
): string {
  if (lapsDown > 0) return `+${lapsDown} ${lapsDown === 1 ? 'lap' : 'laps'}`;
  if (units === null || units === undefined || !Number.isFinite(units) || units < 0) return NONE;
  if (units === 0) return options.leader ?? NONE;
  const ms = millisOf(units);
  if (ms >= 60_000) return `+${formatLapTime(units)}`;
  return `+${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}`;
}

/** A share 0..100 with one decimal: 81.64 → "81.6%". */
export function formatPercent(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? NONE
    : `${oneDecimal.format(value)}%`;
}

/** A ratio 0..1 as a percentage with one decimal: 0.25 → "25.0%". */
export const formatRate = (ratio: number | null | undefined): string =>
  ratio === null || ratio === undefined ? NONE : formatPercent(ratio * 100);

/** An average with one decimal (positions, incidents per race): 4.25 → "4.3". */
export function formatAverage(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? NONE
    : oneDecimal.format(value);
}

/** "Top 18.4%" from the share of drivers below (0..100); the best get "Top 0.1%". */
export function formatTopPercent(percentBelow: number | null | undefined): string {
  if (percentBelow === null || percentBelow === undefined || !Number.isFinite(percentBelow)) {
    return NONE;
  }
  return `Top ${formatPercent(Math.max(0.1, 100 - percentBelow))}`;
}

/** A finishing or starting position: 1 → "P1"; null → "—". */
export function formatPosition(position: number | null | undefined): string {
  return position === null || position === undefined ? NONE : `P${position}`;
}

// ---- dates (reader's time zone) ----

/** The zone the server renders in; the client switches to the reader's after hydration. */
export const SERVER_TIME_ZONE = 'UTC';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(
  kind: 'date' | 'dateTime' | 'time' | 'monthYear',
  timeZone: string,
): Intl.DateTimeFormat {
  const key = `${kind}:${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'date'
        ? { day: 'numeric', month: 'short', year: 'numeric' }
        : kind === 'dateTime'
          ? { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }
          : kind === 'time'
            ? { hour: '2-digit', minute: '2-digit' }
            : { month: 'short', year: 'numeric' };
    try {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: SERVER_TIME_ZONE });
    }
    dateFormats.set(key, format);
  }
  return format;
}

/** A bare date (`YYYY-MM-DD`) is a calendar day, not an instant: it is shown as that day. */
const isBareDate = (iso: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(iso);

/** "3 Mar 2026" in the given zone (a bare `YYYY-MM-DD` date is shown as that day). */
export function formatDate(iso: string | null | undefined, timeZone = SERVER_TIME_ZONE): string {
  if (!iso) return NONE;
  if (isBareDate(iso))
    return dateFormat('date', SERVER_TIME_ZONE).format(new Date(`${iso}T00:00Z`));
  return dateFormat('date', timeZone).format(new Date(iso));
}

/** "3 Mar 2026, 19:45" in the given zone. */
export function formatDateTime(
  iso: string | null | undefined,
  timeZone = SERVER_TIME_ZONE,
): string {
  return iso ? dateFormat('dateTime', timeZone).format(new Date(iso)) : NONE;
}

/** "19:45" in the given zone. */
export function formatTime(iso: string | null | undefined, timeZone = SERVER_TIME_ZONE): string {
  return iso ? dateFormat('time', timeZone).format(new Date(iso)) : NONE;
}

/** "Mar 2026" in the given zone. */
export function formatMonthYear(
  iso: string | null | undefined,
  timeZone = SERVER_TIME_ZONE,
): string {
  if (!iso) return NONE;
  const instant = isBareDate(iso) ? `${iso}T00:00Z` : iso;
  return dateFormat('monthYear', isBareDate(iso) ? SERVER_TIME_ZONE : timeZone).format(
    new Date(instant),
  );
}

// ---- categories and licences ----

export const RACING_CATEGORY_NAMES = {
  sports_car: 'Sports car',
  formula_car: 'Formula car',
  oval: 'Oval',
  dirt_oval: 'Dirt oval',
  dirt_road: 'Dirt road',
  road: 'Road',
} as const;

export type RacingCategoryName = keyof typeof RACING_CATEGORY_NAMES;

/** The categories as the site lists them (licences and filters), road last (retired). */
export const RACING_CATEGORIES = Object.keys(RACING_CATEGORY_NAMES) as RacingCategoryName[];

/** "Sports car" for `sports_car`; an unknown category is shown as sent. */
export function formatCategory(category: string): string {
  return (RACING_CATEGORY_NAMES as Record<string, string>)[category] ?? category;
}

/** iRacing licence classes, lowest to highest: Rookie, D, C, B, A, Pro (Pro/WC shows as Pro). */
export type LicenceClass = 'R' | 'D' | 'C' | 'B' | 'A' | 'P';

export const LICENCE_CLASSES: readonly LicenceClass[] = ['R', 'D', 'C', 'B', 'A', 'P'];

export const LICENCE_CLASS_NAMES: Record<LicenceClass, string> = {
  R: 'Rookie',
  D: 'Class D',
  C: 'Class C',
  B: 'Class B',
  A: 'Class A',
  P: 'Pro',
};

/**
 * The sim's licence colours: `fill` for charts and swatches, `badge` the Tailwind classes of a
 * badge whose text keeps ≥ 4.5:1 contrast on its fill (both themes).
 */
export const LICENCE_CLASS_COLOURS: Record<LicenceClass, { fill: string; badge: string }> = {
  R: { fill: '#b91c1c', badge: 'bg-red-700 text-white ring-red-800' },
  D: { fill: '#f97316', badge: 'bg-orange-500 text-zinc-950 ring-orange-600' },
  C: { fill: '#facc15', badge: 'bg-yellow-400 text-zinc-950 ring-yellow-500' },
  B: { fill: '#22c55e', badge: 'bg-green-500 text-zinc-950 ring-green-600' },
  A: { fill: '#1d4ed8', badge: 'bg-blue-700 text-white ring-blue-800' },
  P: { fill: '#52525b', badge: 'bg-zinc-900 text-white ring-zinc-600' },
};

/** The class of a licence letter as the API sends it (R D C B A P PWC); null for anything else. */
export function licenceClassOf(letter: string | null | undefined): LicenceClass | null {
  if (letter === 'PWC') return 'P';
  return (LICENCE_CLASSES as readonly string[]).includes(letter ?? '')
    ? (letter as LicenceClass)
    : null;
}
