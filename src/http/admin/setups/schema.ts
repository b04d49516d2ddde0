import { z } from 'zod';
import {
  SETUP_LIMITS,
  setupAuthor,
  setupConditions,
  setupNotes,
  setupTypeRule,
} from '../../../commands/setups/rules.ts';
import { formatLapTime, parseLapTime } from '../../../domain/lap-time.ts';
import { adminPageField, revisionField, uuidParams } from '../schema.ts';

/**
 * Query, path and form schemas of the admin setup routes (rules from commands/setups). The
 * forms arrive as multipart (with the file) or JSON/urlencoded (without): every value may be a
 * string, so ids and the lap time are parsed from text here.
 */
export const ADMIN_SETUPS_PER_PAGE = 25;

export const adminSetupsQuery = z.object({
  page: adminPageField,
});

export const setupIdParams = uuidParams;

const text = z.preprocess(
  (v) => (v == null ? '' : typeof v === 'number' ? String(v) : v),
  z.string().trim(),
);

const idField = (what: string, required: boolean) =>
  text.transform((v, ctx) => {
    if (v === '') {
      if (required) ctx.addIssue({ code: 'custom', message: `Choose a ${what}.` });
      return required ? z.NEVER : null;
    }
    if (!/^\d{1,9}$/.test(v) || Number(v) < 1) {
      ctx.addIssue({ code: 'custom', message: `Choose a ${what} from the list.` });
      return z.NEVER;
    }
    return Number(v);
  });

const requiredId = (what: string) => idField(what, true) as z.ZodType<number, unknown>;
const optionalId = (what: string) => idField(what, false) as z.ZodType<number | null, unknown>;

/** A lap time as typed, "1:45.532" or "45.532"; empty → none. */
const lapTimeField = text.transform((v, ctx) => {
  if (v === '') return null;
  let ticks: number;
  try {
    ticks = parseLapTime(v);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Enter a lap time as m:ss.mmm, e.g. 1:45.532.' });
    return z.NEVER;
  }
  if (ticks <= 0 || ticks > SETUP_LIMITS.lapTimeMax) {
    ctx.addIssue({ code: 'custom', message: 'A lap time must be above zero and under an hour.' });
    return z.NEVER;
  }
  return ticks;
});

/** The lap time as the form shows it. */
export const lapTimeText = (ticks: number | null) => (ticks === null ? '' : formatLapTime(ticks));

const setupFormFields = {
  carId: requiredId('car'),
  trackId: requiredId('track'),
  seriesId: optionalId('series'),
  seasonId: optionalId('season'),
  type: z.preprocess((v) => v ?? '', setupTypeRule),
  lapTime: lapTimeField,
  conditions: setupConditions,
  notes: setupNotes,
  author: z.preprocess((v) => v ?? '', setupAuthor),
};

const seasonNeedsSeries = <T extends { seriesId: number | null; seasonId: number | null }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.seasonId !== null && v.seriesId === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['seriesId'],
      message: 'Choose the series of this season.',
    });
  }
};

/** POST /admin/setups/create (the file comes as the multipart field `file`). */
export const createSetupForm = z.object(setupFormFields).superRefine(seasonNeedsSeries);

/** PATCH /admin/setups/{id} (a `file` replaces the stored one; none keeps it). */
export const updateSetupForm = z
  .object({ ...setupFormFields, expectedRevision: revisionField })
  .superRefine(seasonNeedsSeries);
