/**
 * iRacing times (lap times, average laps, intervals, session times) are integers in units of
 * 1/10000 s. −1 means "no time" (no valid lap, no qualifying lap); 0 can mean "not applicable"
 * (the leader's interval). Formatting truncates to the millisecond, as timing screens do, so two
 * times that print the same may still differ: sort by the raw value.
 */

export const TICKS_PER_SECOND = 10_000;

/** A usable time in ticks, or null for the API's "no time" values (negative). */
export function lapTimeOrNull(ticks: number | null | undefined): number | null {
  return ticks === null || ticks === undefined || ticks < 0 ? null : ticks;
}

export function lapTimeToMillis(ticks: number): number {
  return Math.trunc(ticks / 10);
}

export function lapTimeToSeconds(ticks: number): number {
  return ticks / TICKS_PER_SECOND;
}

export function lapTimeFromSeconds(seconds: number): number {
  return Math.round(seconds * TICKS_PER_SECOND);
}

/**
 * "m:ss.mmm" (1055325 → "1:45.532"); "h:mm:ss.mmm" from one hour up.
 * @throws RangeError for a negative or non-finite value: map "no time" with lapTimeOrNull first.
 */
export function formatLapTime(tenThousandths: number): string {
  if (!Number.isFinite(tenThousandths) || tenThousandths < 0) {
    throw new RangeError(`formatLapTime: not a time: ${tenThousandths}`);
  }
  const totalMillis = lapTimeToMillis(tenThousandths);
  const millis = totalMillis % 1000;
  const totalSeconds = Math.trunc(totalMillis / 1000);
  const seconds = totalSeconds % 60;
  const totalMinutes = Math.trunc(totalSeconds / 60);
  const tail = `${pad(seconds, 2)}.${pad(millis, 3)}`;
  if (totalMinutes < 60) return `${totalMinutes}:${tail}`;
  return `${Math.trunc(totalMinutes / 60)}:${pad(totalMinutes % 60, 2)}:${tail}`;
}

/** Inverse of formatLapTime (to the millisecond): "1:45.532" → 1055320. */
export function parseLapTime(text: string): number {
  const match = /^(?:(\d+):)?(?:(\d+):)?(\d+)\.(\d{3})$/.exec(text.trim());
  if (!match) throw new RangeError(`parseLapTime: not a lap time: ${text}`);
  const [, first, second, secs, millis] = match;
  const hours = second !== undefined ? Number(first) : 0;
  const minutes = second !== undefined ? Number(second) : Number(first ?? 0);
  const total = ((hours * 60 + minutes) * 60 + Number(secs)) * 1000 + Number(millis);
  return total * 10;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
