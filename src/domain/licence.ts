/**
 * iRacing licence encodings, as lookup/licenses answers them:
 *  - `license_group` 1..7: Rookie, Class D, C, B, A, Pro, Pro/WC (letters R D C B A P PWC);
 *  - `license_level` 1..28: four levels per group, level = (group − 1)·4 + step, where step 1..4
 *    is the whole part of the safety rating clamped to 1..4 ("R 1.0" … "PWC 4.0");
 *  - `sub_level` (results' old/new_sub_level) = safety rating × 100, so level 20 with sub_level
 *    475 reads "A 4.75".
 * Where a payload carries both `license_level` and `group_id` (stats/world_records), they can
 * disagree (the level is historical, the group current): prefer `group_id` for the class letter.
 */

export const LICENCE_GROUPS = [
  { group: 1, letter: 'R', name: 'Rookie' },
  { group: 2, letter: 'D', name: 'Class D' },
  { group: 3, letter: 'C', name: 'Class C' },
  { group: 4, letter: 'B', name: 'Class B' },
  { group: 5, letter: 'A', name: 'Class A' },
  { group: 6, letter: 'P', name: 'Pro' },
  { group: 7, letter: 'PWC', name: 'Pro/WC' },
] as const;

export type LicenceGroupInfo = (typeof LICENCE_GROUPS)[number];
export type LicenceLetter = LicenceGroupInfo['letter'];

export type LicenceLevelInfo = LicenceGroupInfo & {
  level: number;
  /** 1..4: the safety-rating floor this level stands for. */
  step: number;
};

export const MIN_LICENCE_LEVEL = 1;
export const MAX_LICENCE_LEVEL = 28;

/** @throws RangeError for a group outside 1..7. */
export function licenceGroup(group: number): LicenceGroupInfo {
  const info = LICENCE_GROUPS[group - 1];
  if (!Number.isInteger(group) || !info) throw new RangeError(`unknown licence group ${group}`);
  return info;
}

/** Splits a `license_level` into its group and step. @throws RangeError outside 1..28. */
export function licenceFromLevel(level: number): LicenceLevelInfo {
  if (!Number.isInteger(level) || level < MIN_LICENCE_LEVEL || level > MAX_LICENCE_LEVEL) {
    throw new RangeError(`unknown licence level ${level}`);
  }
  const group = Math.ceil(level / 4);
  return { ...licenceGroup(group), level, step: ((level - 1) % 4) + 1 };
}

/** The `license_level` for a group and safety rating (the inverse of licenceFromLevel). */
export function licenceLevelFor(group: number, safetyRating: number): number {
  licenceGroup(group);
  const step = Math.min(4, Math.max(1, Math.floor(safetyRating)));
  return (group - 1) * 4 + step;
}

/** Safety rating from a results `sub_level` (475 → 4.75). */
export function safetyRatingFromSubLevel(subLevel: number): number {
  return subLevel / 100;
}

/** Results `sub_level` from a safety rating (4.75 → 475). */
export function subLevelFromSafetyRating(safetyRating: number): number {
  return Math.round(safetyRating * 100);
}

/**
 * The licence as iRacing prints it: letter and safety rating with two decimals, "A 3.45".
 * The letter comes from `group` when given (see the module note), else from the level.
 */
export function formatLicence(opts: {
  level: number;
  safetyRating: number;
  group?: number;
}): string {
  const letter =
    opts.group !== undefined
      ? licenceGroup(opts.group).letter
      : licenceFromLevel(opts.level).letter;
  return `${letter} ${opts.safetyRating.toFixed(2)}`;
}

/** `formatLicence` from the results' pair (new_license_level, new_sub_level): (20, 475) → "A 4.75". */
export function formatLicenceFromSubLevel(level: number, subLevel: number): string {
  return formatLicence({ level, safetyRating: safetyRatingFromSubLevel(subLevel) });
}
