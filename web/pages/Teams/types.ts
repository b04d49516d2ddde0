/**
 * The team shapes pages receive. They mirror the DTOs of src/queries/teams.ts (web/ never imports
 * src/); the server's typed `render(name, props)` checks the two agree.
 */
export type TeamSort = 'members' | 'irating' | 'name';

export type RacingCategory =
  'oval' | 'road' | 'dirt_oval' | 'dirt_road' | 'sports_car' | 'formula_car';

export interface TeamSummary {
  id: string;
  slug: string;
  name: string;
  tag: string | null;
  memberCount: number;
  averageIrating: number | null;
  ratedMembers: number;
  /** The logo image (PNG, JPEG or WebP); null without one. */
  logoUrl: string | null;
  /** ISO-8601. */
  updatedAt: string;
}

export interface MemberLicence {
  category: RacingCategory;
  irating: number | null;
  safetyRating: number | null;
  licenseLevel: number | null;
  licenseClass: string | null;
  licence: string | null;
  ttRating: number | null;
}

export interface TeamMember {
  custId: number;
  displayName: string | null;
  countryCode: string | null;
  licenses: MemberLicence[];
}

export interface Team extends TeamSummary {
  description: string | null;
  links: { label: string; url: string }[];
  createdAt: string;
  members: TeamMember[];
}

/** One driver of a team-event entry; `member` when on the catalog team. */
export interface TeamEventDriver {
  custId: number;
  displayName: string;
  member: boolean;
}

/** An iRacing team entry of a team event that a member of the catalog team drove. */
export interface TeamEventResult {
  subsessionId: number;
  /** ISO-8601. */
  startTime: string;
  seriesId: number;
  seriesName: string;
  trackName: string;
  configName: string | null;
  iracingTeamId: number;
  iracingTeamName: string | null;
  carName: string;
  finishPosition: number;
  finishPositionInClass: number;
  classEntries: number;
  lapsComplete: number;
  drivers: TeamEventDriver[];
}

/** An open recruitment profile of the team (links to /recruitment/profiles/{id}). */
export interface TeamRecruitment {
  id: string;
  title: string;
  categories: string[];
  /** sprint, endurance or both. */
  format: string;
  requirements: { category: string; minIRating: number | null; minLicence: string | null }[];
  /** ISO-8601. */
  createdAt: string;
  expiresAt: string;
}

export interface PageMeta {
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
}

export interface TeamFilters {
  q: string;
  sort: TeamSort;
  category: RacingCategory;
}

/** Categories in the order the filters offer them. */
export const TEAM_CATEGORIES: readonly RacingCategory[] = [
  'sports_car',
  'formula_car',
  'oval',
  'dirt_oval',
  'dirt_road',
  'road',
];
