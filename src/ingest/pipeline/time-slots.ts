import type { RaceTimeDescriptor } from '../schemas/index.ts';

/**
 * The daily race start times ("HH:MM", UTC, ascending) of a schedule week. Current payloads state
 * them in `race_time_descriptors`; the 2022 recordings only in prose (`schedule_description`,
 * e.g. "Races every odd 2 hours at :15 past"). Both are read; a description that names no
 * repeating daily pattern ("Sunday at 13:00 GMT", "5 timeslots per week") gives [] (unknown),
 * never a guess.
 */
export function timeSlotsOf(
  descriptors: readonly RaceTimeDescriptor[] | undefined,
  scheduleDescription: string | undefined,
): string[] {
  if (descriptors && descriptors.length > 0) {
    const fromDescriptors = slotsFromDescriptors(descriptors);
    if (fromDescriptors.length > 0) return fromDescriptors;
  }
  return scheduleDescription ? slotsFromDescription(scheduleDescription) : [];
}

const DAY_MINUTES = 24 * 60;

function hhmm(minutes: number): string {
  const m = ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

function sortedUnique(slots: Iterable<string>): string[] {
  return [...new Set(slots)].sort();
}

function repeating(firstMinute: number, everyMinutes: number): string[] {
  const slots: string[] = [];
  for (let m = firstMinute % everyMinutes; m < DAY_MINUTES; m += everyMinutes) slots.push(hhmm(m));
  return slots;
}

function slotsFromDescriptors(descriptors: readonly RaceTimeDescriptor[]): string[] {
  const slots: string[] = [];
  for (const d of descriptors) {
    if (d.repeating && d.first_session_time && d.repeat_minutes && d.repeat_minutes > 0) {
      const m = /^(\d{1,2}):(\d{2})/.exec(d.first_session_time);
      if (m) slots.push(...repeating(Number(m[1]) * 60 + Number(m[2]), d.repeat_minutes));
    }
    for (const t of d.session_times ?? []) {
      const ms = Date.parse(t);
      if (!Number.isNaN(ms)) {
        const date = new Date(ms);
        slots.push(hhmm(date.getUTCHours() * 60 + date.getUTCMinutes()));
      }
    }
  }
  return sortedUnique(slots);
}

const WORD_NUMBERS: Record<string, number> = { two: 2, three: 3, four: 4, thirty: 30 };

/** Reads the repeating patterns iRacing's schedule descriptions use. Exported for tests. */
export function slotsFromDescription(text: string): string[] {
  const t = text.toLowerCase().replace(/\s+/g, ' ');
  if (/every thirty minutes|every 30 minutes/.test(t)) return repeating(0, 30);

  let everyHours: number | null = null;
  const multi = /every (?:(even|odd) )?(\d|two|three|four) hours|every (even|odd) hour\b/.exec(t);
  if (multi) {
    const n = multi[2] ? (WORD_NUMBERS[multi[2]] ?? Number(multi[2])) : 2;
    everyHours = n;
  } else if (/every hour|hourly/.test(t)) {
    everyHours = 1;
  }
  if (everyHours === null) return [];

  const parity = /\bodd\b/.test(t) ? 1 : 0;
  let minute = 0;
  const colon = /:(\d{2})/.exec(t);
  const past = /\b(\d{1,2}) past\b/.exec(t);
  if (colon) minute = Number(colon[1]);
  else if (past) minute = Number(past[1]);
  if (minute >= 60) return [];
  const firstHour = everyHours > 1 ? parity : 0;
  return repeating(firstHour * 60 + minute, everyHours * 60);
}
