import { z } from 'zod';
import { cell, loadCsv } from './data.ts';
import { NAME_GROUPS, type NameGroup } from './names.ts';

/**
 * Countries the demo drivers come from (data/countries.csv), with the club the API files them
 * under (club ids and names as in the recorded results), its region, the flair (member/get
 * `flair_*`), the share of members and the UTC offset that decides when they race (their
 * evening). Shares follow the rough make-up of iRacing's membership: North America and western
 * Europe dominate. A country split over several clubs (the US) has a row per club.
 */
export interface Country {
  code: string;
  flairId: number;
  flairName: string;
  flairShortName: string;
  clubId: number;
  clubName: string;
  region: string;
  share: number;
  utcOffsetHours: number;
  names: NameGroup;
}

const CountryRow = z.object({
  code: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166 alpha-2 code'),
  flairId: cell.int,
  flairName: cell.text,
  flairShortName: cell.text,
  clubId: cell.int,
  clubName: cell.text,
  region: cell.text,
  share: cell.number.pipe(z.number().positive()),
  utcOffsetHours: cell.int,
  names: z.enum(NAME_GROUPS),
});

export const COUNTRIES: readonly Country[] = loadCsv('countries.csv', CountryRow);
