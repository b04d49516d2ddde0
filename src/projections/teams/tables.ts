/**
 * Tables of the `teams` read model (created by projection.ts's `createTables`, filled only by
 * its `apply`). src/queries/teams.ts imports these names.
 *
 * teams: one row per team that exists (a deleted team's rows are removed).
 *   id uuid PK · slug text UNIQUE · name · tag (nullable) · description (nullable) · links jsonb
 *   ([{label, url}]) · member_count · logo_file_id, logo_sha256 (the logo in stored_files; null
 *   without one) · created_at · updated_at
 * team_members: one row per (team, driver).
 *   team_id · cust_id (iRacing customer id; the racing read models' key) · position (the order
 *   the team lists its members in) · PK (team_id, cust_id)
 * team_slug_redirects: a slug the team had before a rename → the team (the old address answers
 *   301). A slug is never both a team's current slug and a redirect.
 */
export const TEAMS_TABLE = 'teams';
export const TEAM_MEMBERS_TABLE = 'team_members';
export const TEAM_SLUG_REDIRECTS_TABLE = 'team_slug_redirects';

export interface TeamRow {
  id: string;
  slug: string;
  name: string;
  tag: string | null;
  description: string | null;
  links: { label: string; url: string }[];
  member_count: number;
  logo_file_id: string | null;
  logo_sha256: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface TeamMemberRow {
  team_id: string;
  cust_id: number;
  position: number;
}
