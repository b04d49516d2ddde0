/**
 * The recruitment shapes pages receive. They mirror the DTOs of src/queries/recruitment*.ts and
 * src/http/recruitment/present.ts (web/ never imports src/); the server's typed
 * `render(name, props)` checks the two agree.
 */
import type { RacingCategory } from '../Teams/types.ts';

export type ProfileKind = 'driver' | 'team';
export type RecruitmentCategory = 'oval' | 'sports_car' | 'formula_car' | 'dirt_oval' | 'dirt_road';
export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
export type RaceFormat = 'sprint' | 'endurance' | 'both';
export type LicenceLetter = 'R' | 'D' | 'C' | 'B' | 'A' | 'P';
export type BoardSort = 'newest' | 'irating';

export const RECRUITMENT_CATEGORIES: readonly RecruitmentCategory[] = [
  'sports_car',
  'formula_car',
  'oval',
  'dirt_oval',
  'dirt_road',
];
export const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
export const FORMAT_NAMES: Record<RaceFormat, string> = {
  sprint: 'Sprint races',
  endurance: 'Endurance races',
  both: 'Sprint and endurance',
};
export const LICENCE_LETTERS: readonly LicenceLetter[] = ['R', 'D', 'C', 'B', 'A', 'P'];

export interface Licence {
  category: RacingCategory;
  irating: number | null;
  safetyRating: number | null;
  licenseLevel: number | null;
  licenseClass: string | null;
  licence: string | null;
  ttRating: number | null;
}

export interface FormRace {
  subsessionId: number;
  startTime: string;
  seriesName: string;
  category: RacingCategory;
  finishPosition: number | null;
  fieldSize: number;
  incidents: number;
  iratingChange: number | null;
}

export interface DriverStats {
  custId: number;
  displayName: string | null;
  countryCode: string | null;
  licenses: Licence[];
  recentForm: FormRace[];
  averageFinish: number | null;
  averageIncidents: number | null;
  verified: boolean;
}

export interface TeamAverage {
  category: RacingCategory;
  averageIrating: number | null;
  averageSafetyRating: number | null;
  ratedMembers: number;
}

export interface TeamStats {
  teamId: string;
  slug: string;
  name: string;
  tag: string | null;
  memberCount: number;
  averages: TeamAverage[];
}

export type ProfileStats =
  { kind: 'driver'; driver: DriverStats } | { kind: 'team'; team: TeamStats | null };

export interface Requirement {
  category: RecruitmentCategory;
  minIRating: number | null;
  minLicence: LicenceLetter | null;
}

/** A profile as a list shows it. */
export interface ProfileCard {
  id: string;
  kind: ProfileKind;
  status: 'open' | 'closed';
  title: string;
  /** Plain text of the description, cut at a word. */
  excerpt: string;
  categories: RecruitmentCategory[];
  series: { id: number; name: string }[];
  availability: { timeZone: string; days: Weekday[]; format: RaceFormat };
  languages: string[];
  requirements: Requirement[];
  createdAt: string;
  expiresAt: string;
  closeReason: 'owner' | 'expired' | null;
  stats: ProfileStats | null;
}

/** A profile's own page. */
export interface ProfileDetail extends ProfileCard {
  /** Sanitised HTML of the markdown description (links rel="nofollow ugc noopener"). */
  descriptionHtml: string;
  updatedAt: string;
  hasContact: boolean;
  /** Only for signed-in members; null for guests (and when there is none). */
  contact: string | null;
  /** The author's display name (null: not a member any more, or demo content). */
  author: string | null;
  canEdit: boolean;
  canDelete: boolean;
}

export interface BoardFilters {
  category: RecruitmentCategory | '';
  minIRating: string;
  maxIRating: string;
  licence: LicenceLetter | '';
  timeZone: string;
  language: string;
  series: string;
  sort: BoardSort;
}

export interface Option<V extends string | number = string> {
  value: V;
  label: string;
}

/** What the filter and form selects offer. */
export interface BoardOptions {
  timeZones: string[];
  languages: Option[];
  series: Option<number>[];
}

export interface FormOptions extends BoardOptions {
  teams: Option[];
}

/** The fields of the create and edit forms, as the inputs hold them. */
export interface ProfileFormFields {
  kind: ProfileKind;
  title: string;
  description: string;
  categories: RecruitmentCategory[];
  seriesIds: number[];
  timeZone: string;
  days: Weekday[];
  format: RaceFormat | '';
  languages: string[];
  contact: string;
  custId: string;
  teamId: string;
  requirements: { category: RecruitmentCategory; minIRating: string; minLicence: string }[];
}

export interface FormLimits {
  titleMin: number;
  titleMax: number;
  descriptionMin: number;
  descriptionMax: number;
  seriesMax: number;
  languagesMax: number;
  contactMax: number;
  iRatingMax: number;
  openProfilesMax: number;
  openDays: number;
}
