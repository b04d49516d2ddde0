import { LICENCE_GROUPS } from '../../../domain/index.ts';
import type { LicenceGroup } from '../../../ingest/schemas/index.ts';

/** Licence colours per group (1..7), as lookup/licenses and member/get give them. */
export const GROUP_COLOURS = [
  'fc0706',
  'fc8a27',
  'feec04',
  '00c702',
  '0153db',
  '000000',
  '000000',
] as const;

export function groupColour(group: number): string {
  return GROUP_COLOURS[group - 1] ?? '000000';
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
const CPI_FOR_SR3 = [12, 18, 27, 38, 48, 55, 60] as const;
const SR_SLOPE = 1.8;

export function safetyRatingFromCpi(group: number, cpi: number): number {
  const ref = CPI_FOR_SR3[group - 1] ?? 48;
  const sr = 3 + SR_SLOPE * Math.log(Math.max(cpi, 0.5) / ref);
  return Math.min(4.99, Math.max(0, Math.floor(sr * 100) / 100));
}

export function cpiForSafetyRating(group: number, safetyRating: number): number {
  const ref = CPI_FOR_SR3[group - 1] ?? 48;
  return ref * Math.exp((safetyRating - 3) / SR_SLOPE);
}

/** lookup/licenses rules per group, as recorded. */
const GROUP_RULES = [
  { min_num_races: 2, participation_credits: 0, min_sr_to_fast_track: 300, min_num_tt: 4 },
  { min_num_races: 4, participation_credits: 4, min_sr_to_fast_track: 400, min_num_tt: 4 },
  { min_num_races: 4, participation_credits: 4, min_sr_to_fast_track: 400, min_num_tt: 4 },
  { min_num_races: 4, participation_credits: 7, min_sr_to_fast_track: 400, min_num_tt: 4 },
  { min_num_races: null, participation_credits: 7, min_sr_to_fast_track: 400, min_num_tt: null },
  { min_num_races: null, participation_credits: 0, min_sr_to_fast_track: null, min_num_tt: null },
  { min_num_races: null, participation_credits: 0, min_sr_to_fast_track: null, min_num_tt: null },
] as const;

/** The races a driver needs in a season before a promotion counts. */
export function minRacesForPromotion(group: number): number {
  return GROUP_RULES[group - 1]?.min_num_races ?? 4;
}

/** The lookup/licenses payload: static, identical to the recorded one. */
export function licenceLookupPayload(): LicenceGroup[] {
  return LICENCE_GROUPS.map((g, index) => {
    const rules = GROUP_RULES[index] ?? GROUP_RULES[0];
    return {
      license_group: g.group,
      group_name: g.name,
      min_num_races: rules.min_num_races,
      participation_credits: rules.participation_credits,
      min_sr_to_fast_track: rules.min_sr_to_fast_track,
      levels: [1, 2, 3, 4].map((step) => ({
        license_id: index * 4 + step,
        license_group: g.group,
        license: `${g.name} ${step}.0`,
        short_name: `${g.letter} ${step}.0`,
        license_letter: g.letter,
        color: groupColour(g.group),
      })),
      min_num_tt: rules.min_num_tt,
    };
  });
}
