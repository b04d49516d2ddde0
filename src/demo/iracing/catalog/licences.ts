import { z } from 'zod';
import { LICENCE_GROUPS } from '../../../domain/index.ts';
import type { LicenceGroup } from '../../../ingest/schemas/index.ts';
import { cell, loadCsv } from './data.ts';

/**
 * Per licence group (1 Rookie … 7 Pro/WC; data/licence-groups.csv): the colour lookup/licenses
 * and member/get give it, the rules lookup/licenses records, and the CPI that holds a 3.00
 * safety rating in the group (the safety-rating model below).
 */
const GROUPS = (() => {
  const intOrNone = z.union([z.literal('').transform(() => null), cell.int]);
  const rows = loadCsv(
    'licence-groups.csv',
    z.object({
      group: cell.int,
      colour: z.string().regex(/^[0-9a-f]{6}$/, 'a hex colour'),
      cpiForSr3: cell.number.pipe(z.number().positive()),
      minNumRaces: intOrNone,
      participationCredits: cell.int,
      minSrToFastTrack: intOrNone,
      minNumTt: intOrNone,
    }),
  );
  if (rows.some((row, index) => row.group !== index + 1) || rows.length !== LICENCE_GROUPS.length)
    throw new Error('demo catalogue data/licence-groups.csv: one row per group, 1 to 7 in order');
  return rows;
})();

export function groupColour(group: number): string {
  return GROUPS[group - 1]?.colour ?? '000000';
}

export function groupName(group: number): string {
  return LICENCE_GROUPS[group - 1]?.name ?? 'Rookie';
}

/**
 * The safety-rating model. iRacing derives SR from the corners-per-incident average (CPI)
 * measured against the licence class: the same CPI is a higher SR in a lower class. Fitted on
 * the recorded results (pairs of `new_cpi` and `new_sub_level`): SR ≈ 3 + 1.8·ln(CPI / ref),
 * with ref the CPI that holds a 3.00 in that class.
 */
const SR_SLOPE = 1.8;

const cpiForSr3 = (group: number): number => GROUPS[group - 1]?.cpiForSr3 ?? 48;

export function safetyRatingFromCpi(group: number, cpi: number): number {
  const sr = 3 + SR_SLOPE * Math.log(Math.max(cpi, 0.5) / cpiForSr3(group));
  return Math.min(4.99, Math.max(0, Math.floor(sr * 100) / 100));
}

export function cpiForSafetyRating(group: number, safetyRating: number): number {
  return cpiForSr3(group) * Math.exp((safetyRating - 3) / SR_SLOPE);
}

/** The races a driver needs in a season before a promotion counts. */
export function minRacesForPromotion(group: number): number {
  return GROUPS[group - 1]?.minNumRaces ?? 4;
}

/** The lookup/licenses payload: static, identical to the recorded one. */
export function licenceLookupPayload(): LicenceGroup[] {
  return LICENCE_GROUPS.map((g, index) => {
    const rules = GROUPS[index];
    if (!rules) throw new RangeError(`no licence-groups.csv row for group ${g.group}`);
    return {
      license_group: g.group,
      group_name: g.name,
      min_num_races: rules.minNumRaces,
      participation_credits: rules.participationCredits,
      min_sr_to_fast_track: rules.minSrToFastTrack,
      levels: [1, 2, 3, 4].map((step) => ({
        license_id: index * 4 + step,
        license_group: g.group,
        license: `${g.name} ${step}.0`,
        short_name: `${g.letter} ${step}.0`,
        license_letter: g.letter,
        color: groupColour(g.group),
      })),
      min_num_tt: rules.minNumTt,
    };
  });
}
