import type { AllowedLicence } from '../../../ingest/schemas/index.ts';
import { groupName } from '../catalog/licences.ts';
import type { SeriesDefinition } from '../catalog/series.ts';
import type { SeriesSeason } from '../world/schedules.ts';

/** "2025 Season 4". */
export function seasonShortName(ss: SeriesSeason): string {
  return `${ss.season.year} Season ${ss.season.quarter}`;
}

/** "GT3 Fanatec Challenge - 2025 Season 4 - Fixed", the API's pattern. */
export function seasonName(ss: SeriesSeason): string {
  return `${ss.series.name} - ${seasonShortName(ss)}${ss.series.fixedSetup ? ' - Fixed' : ''}`;
}

export function seriesLogo(series: SeriesDefinition): string {
  return `seriesid_${series.seriesId}.png`;
}

/**
 * allowed_licenses as the API lists them: the class below the series minimum may enter at its
 * 4.0 level (min = max = top level of that class), then every class from the minimum up.
 */
export function allowedLicences(series: SeriesDefinition): AllowedLicence[] {
  const out: AllowedLicence[] = [];
  for (let group = Math.max(1, series.minGroup - 1); group <= 7; group++) {
    const top = group * 4;
    const below = group < series.minGroup;
    out.push({
      group_name: groupName(group),
      license_group: group,
      max_license_level: top,
      min_license_level: below ? top : top - 3,
      parent_id: series.seriesId,
    });
  }
  return out;
}

export function divisionName(division: number): string {
  return division === 10 ? 'Rookie' : `Division ${division + 1}`;
}

/** Divisions by iRating (0 = Division 1); rookies race in the Rookie division (10). */
export function divisionFor(irating: number, group: number): number {
  if (group <= 1) return 10;
  const floors = [3500, 2600, 2000, 1650, 1400, 1200, 1000, 800, 500];
  const index = floors.findIndex((floor) => irating >= floor);
  return index < 0 ? 9 : index;
}
