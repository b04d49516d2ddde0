import type { NameGroup } from './names.ts';

/**
 * Countries the demo drivers come from, with the club the API files them under (club ids and
 * names as in the recorded results), the flair (member/get `flair_*`), the share of members and
 * the UTC offset that decides when they race (their evening). Shares follow the rough make-up of
 * iRacing's membership: North America and western Europe dominate.
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

type Row = [
  code: string,
  flairId: number,
  flairName: string,
  short: string,
  clubId: number,
  clubName: string,
  share: number,
  utcOffset: number,
  names: NameGroup,
];

const ROWS: Row[] = [
  ['US', 224, 'United States', 'USA', 29, 'Midwest', 7, -6, 'en'],
  ['US', 224, 'United States', 'USA', 28, 'Michigan', 3, -5, 'en'],
  ['US', 224, 'United States', 'USA', 32, 'West', 6, -8, 'en'],
  ['US', 224, 'United States', 'USA', 33, 'Northwest', 2, -8, 'en'],
  ['US', 224, 'United States', 'USA', 20, 'Atlantic', 5, -5, 'en'],
  ['US', 224, 'United States', 'USA', 21, 'Carolina', 4, -5, 'en'],
  ['US', 224, 'United States', 'USA', 22, 'Florida', 3, -5, 'en'],
  ['US', 224, 'United States', 'USA', 19, 'Texas', 3, -6, 'en'],
  ['US', 224, 'United States', 'USA', 27, 'New England', 2, -5, 'en'],
  ['CA', 38, 'Canada', 'CAN', 15, 'Canada', 4, -5, 'en'],
  ['GB', 223, 'United Kingdom', 'GBR', 36, 'UK and I', 9, 0, 'en'],
  ['IE', 104, 'Ireland', 'IRL', 36, 'UK and I', 1, 0, 'en'],
  ['DE', 82, 'Germany', 'DEU', 42, 'DE-AT-CH', 8, 1, 'de'],
  ['AT', 14, 'Austria', 'AUT', 42, 'DE-AT-CH', 1, 1, 'de'],
  ['CH', 206, 'Switzerland', 'CHE', 42, 'DE-AT-CH', 1, 1, 'de'],
  ['FR', 75, 'France', 'FRA', 39, 'France', 4, 1, 'fr'],
  ['ES', 199, 'Spain', 'ESP', 38, 'Iberia', 4, 1, 'es'],
  ['PT', 173, 'Portugal', 'PRT', 38, 'Iberia', 1.5, 0, 'pt'],
  ['IT', 107, 'Italy', 'ITA', 41, 'Italy', 3.5, 1, 'it'],
  ['NL', 153, 'Netherlands', 'NLD', 40, 'Benelux', 3, 1, 'nl'],
  ['BE', 21, 'Belgium', 'BEL', 40, 'Benelux', 1.5, 1, 'nl'],
  ['SE', 205, 'Sweden', 'SWE', 43, 'Scandinavia', 1.5, 1, 'nordic'],
  ['NO', 162, 'Norway', 'NOR', 43, 'Scandinavia', 1, 1, 'nordic'],
  ['DK', 59, 'Denmark', 'DNK', 43, 'Scandinavia', 1, 1, 'nordic'],
  ['FI', 74, 'Finland', 'FIN', 44, 'Finland', 1, 2, 'nordic'],
  ['PL', 172, 'Poland', 'POL', 46, 'Central-Eastern Europe', 2, 1, 'pl'],
  ['CZ', 57, 'Czechia', 'CZE', 46, 'Central-Eastern Europe', 1, 1, 'pl'],
  ['BR', 31, 'Brazil', 'BRA', 45, 'Brazil', 3, -3, 'pt'],
  ['AR', 10, 'Argentina', 'ARG', 47, 'Hispanoamérica', 1, -3, 'es'],
  ['MX', 142, 'Mexico', 'MEX', 47, 'Hispanoamérica', 1, -6, 'es'],
  ['AU', 16, 'Australia', 'AUS', 34, 'Australia/NZ', 4, 10, 'en'],
  ['NZ', 157, 'New Zealand', 'NZL', 34, 'Australia/NZ', 1, 12, 'en'],
  ['JP', 110, 'Japan', 'JPN', 48, 'Japan', 1.5, 9, 'ja'],
];

function regionOf(clubId: number): string {
  if (clubId < 34 || clubId === 15) return 'Region 1';
  if (clubId === 36 || clubId === 40 || clubId === 43 || clubId === 44) return 'Region 5';
  if (clubId === 34 || clubId === 48) return 'Region 8';
  if (clubId === 45 || clubId === 47) return 'Region 7';
  return 'Region 6';
}

export const COUNTRIES: readonly Country[] = ROWS.map(
  ([code, flairId, flairName, flairShortName, clubId, clubName, share, utcOffsetHours, names]) => ({
    code,
    flairId,
    flairName,
    flairShortName,
    clubId,
    clubName,
    region: regionOf(clubId),
    share,
    utcOffsetHours,
    names,
  }),
);
