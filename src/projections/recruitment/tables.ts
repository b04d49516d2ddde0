/**
 * Tables of the `recruitment` read model (created by projection.ts's `createTables`, filled only
 * by its `apply`). src/queries/recruitment.ts imports these names.
 *
 * recruitment_profiles: one row per profile that exists (a deleted profile's row is removed, and
 * so are all of a member's when the account is deleted).
 *   id uuid PK · owner_id uuid · kind ('driver' | 'team') · status ('open' | 'closed') · title ·
 *   description (markdown) · categories text[] · series_ids integer[] · time_zone · days text[] ·
 *   race_format · languages text[] · contact_sealed (sealed with the owner's data key; null when
 *   none) · cust_id (driver profiles) · team_id (team profiles, the catalog team) · requirements
 *   jsonb ([{category, minIRating, minLicence}]) · created_at · updated_at · expires_at ·
 *   closed_at · close_reason ('owner' | 'expired')
 */
export const RECRUITMENT_PROFILES_TABLE = 'recruitment_profiles';

export interface RecruitmentProfileRow {
  id: string;
  owner_id: string;
  kind: 'driver' | 'team';
  status: 'open' | 'closed';
  title: string;
  description: string;
  categories: string[];
  series_ids: number[];
  time_zone: string;
  days: string[];
  race_format: string;
  languages: string[];
  contact_sealed: string | null;
  cust_id: number | null;
  team_id: string | null;
  requirements: { category: string; minIRating: number | null; minLicence: string | null }[];
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
  closed_at: Date | null;
  close_reason: 'owner' | 'expired' | null;
}
