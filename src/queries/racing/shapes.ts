import { RACING_CATEGORIES, type RacingCategory } from '../../events/racing/common.ts';
import { licenceFromLevel, licenceGroup } from '../../domain/licence.ts';
import { InvalidQueryError } from './paging.ts';

/** Shapes shared by the racing DTOs. Lap times stay integers in 1/10000 s (the API's unit). */

export interface TrackDto {
  trackId: number;
  trackName: string;
  configName: string | null;
}

export interface CarDto {
  carId: number;
  carName: string;
}

export interface DriverRefDto {
  custId: number;
  displayName: string;
}

export interface LicenseDto {
  category: RacingCategory;
  irating: number | null;
  /** Safety rating, two decimals (4.75). */
  safetyRating: number | null;
  licenseLevel: number | null;
  /** R, D, C, B, A, P, PWC. */
  licenseClass: string | null;
  /** As iRacing prints it: "A 4.75". */
  licence: string | null;
  ttRating: number | null;
}

/**
 * The JSON text of a value of type T, as `JSON.stringify` writes it (a read model stored it so):
 * a string that says which value it spells.
 */
export type JsonText<T> = string & { readonly [jsonOf]?: T };
declare const jsonOf: unique symbol;

export interface LicenseRow {
  category: string;
  irating: number | null;
  sub_level: number | null;
  license_level: number | null;
  license_group: number | null;
  tt_rating: number | null;
}

/** `f(key)` computed once per key (a few dozen licence groups and levels), null when it throws. */
function memoLetter(f: (key: number) => string): (key: number) => string | null {
  const known = new Map<number, string | null>();
  return (key) => {
    let letter = known.get(key);
    if (letter === undefined) {
      try {
        letter = f(key);
      } catch {
        letter = null;
      }
      known.set(key, letter);
    }
    return letter;
  };
}

const letterOfGroup = memoLetter((group) => licenceGroup(group).letter);
const letterOfLevel = memoLetter((level) => licenceFromLevel(level).letter);

export function toLicense(r: LicenseRow): LicenseDto {
  const letter =
    r.license_group !== null
      ? letterOfGroup(r.license_group)
      : r.license_level !== null
        ? letterOfLevel(r.license_level)
        : null;
  const sr = r.sub_level === null ? null : r.sub_level / 100;
  return {
    category: r.category as RacingCategory,
    irating: r.irating,
    safetyRating: sr,
    licenseLevel: r.license_level,
    licenseClass: letter,
    licence: letter !== null && sr !== null ? `${letter} ${sr.toFixed(2)}` : null,
    ttRating: r.tt_rating,
  };
}

export function toTrack(r: {
  track_id: number;
  track_name: string;
  config_name: string | null;
}): TrackDto {
  return { trackId: r.track_id, trackName: r.track_name, configName: r.config_name };
}

/** A race's winner as lists show it (the team too in a team event); null before results. */
export function toWinner(r: {
  winner_cust_id: number | null;
  winner_name: string | null;
  winner_team_name: string | null;
}): (DriverRefDto & { teamName: string | null }) | null {
  return r.winner_cust_id === null
    ? null
    : { custId: r.winner_cust_id, displayName: r.winner_name ?? '', teamName: r.winner_team_name };
}

export function parseCategory(value: string): RacingCategory {
  if ((RACING_CATEGORIES as readonly string[]).includes(value)) return value as RacingCategory;
  throw new InvalidQueryError(
    'category',
    `category must be one of ${RACING_CATEGORIES.join(', ')}`,
  );
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Search text as users type it: trimmed, inner whitespace collapsed, at most 100 characters. */
export function normaliseSearch(q: string): string {
  const text = q.trim().replace(/\s+/g, ' ').slice(0, 100);
  if (text.length === 0) throw new InvalidQueryError('q', 'q must not be empty');
  return text;
}
