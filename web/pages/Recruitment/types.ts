/**
 * What the recruitment pages declare: the card and page shapes the server presents
 * (src/http/recruitment/present.ts builds them), the filters and form fields as the inputs hold
 * them, and the choices in the order the forms offer them. The live racing figures inside a card
 * are the server's DTOs (web/generated/dtos.ts).
 */
import type {
  BoardSort,
  ProfileStatsDto,
  RaceFormat,
  RecruitmentCategory,
  RequiredLicence,
  Weekday,
} from '../../generated/dtos.ts';

export type ProfileKind = 'driver' | 'team';

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
export const LICENCE_LETTERS: readonly RequiredLicence[] = ['R', 'D', 'C', 'B', 'A', 'P'];

export interface Requirement {
  category: RecruitmentCategory;
  minIRating: number | null;
  minLicence: RequiredLicence | null;
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
  stats: ProfileStatsDto | null;
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
  licence: RequiredLicence | '';
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
