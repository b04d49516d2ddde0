import { z } from 'zod';
import { setupFileRef, setupType } from '../../events/setup.ts';

/**
 * The setup rules (forms, demo seed and decider share them): a car and a track layout (iRacing
 * ids); optionally a series and a season (a season needs its series); a type (race, qualifying,
 * time trial); an optional lap time in iRacing units (1/10000 s, up to an hour); optional
 * conditions (≤ 120) and notes (plain text, ≤ 5,000); an author (1–80); the file, at most
 * SETUP_LIMITS.fileMaxBytes (1 MiB).
 */
export const SETUP_LIMITS = {
  conditionsMax: 120,
  notesMax: 5000,
  authorMax: 80,
  fileMaxBytes: 1024 * 1024,
  /** One hour in iRacing units. */
  lapTimeMax: 36_000_000,
} as const;

const id = (what: string) =>
  z.number(`Choose a ${what}.`).int(`Choose a ${what}.`).positive(`Choose a ${what}.`);

export const setupCarId = id('car');
export const setupTrackId = id('track');
export const setupSeriesId = id('series')
  .nullish()
  .transform((v) => v ?? null);
export const setupSeasonId = id('season')
  .nullish()
  .transform((v) => v ?? null);
export const setupTypeRule = setupType;
export const setupLapTime = z
  .number('Enter a lap time.')
  .int('Enter a lap time.')
  .positive('A lap time must be above zero.')
  .max(SETUP_LIMITS.lapTimeMax, 'A lap time must be under an hour.')
  .nullish()
  .transform((v) => v ?? null);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en')} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

export const setupConditions = optionalText('Conditions', SETUP_LIMITS.conditionsMax);
export const setupNotes = optionalText('Notes', SETUP_LIMITS.notesMax);
export const setupAuthor = z
  .string()
  .trim()
  .min(1, 'Author is required.')
  .max(SETUP_LIMITS.authorMax, `Author must be at most ${SETUP_LIMITS.authorMax} characters.`);
export const setupFile = setupFileRef.refine((f) => f.byteSize <= SETUP_LIMITS.fileMaxBytes, {
  message: 'A setup file must be at most 1 MiB.',
});

/** A season belongs to a series: naming one without the other is refused. */
export function seasonWithoutSeriesError(
  seriesId: number | null,
  seasonId: number | null,
): string | null {
  return seasonId !== null && seriesId === null ? 'Choose the series of this season.' : null;
}
