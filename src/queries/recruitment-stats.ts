import type { Knex } from 'knex';
import type { RacingCategory } from '../events/racing/common.ts';
import { DRIVER_LICENSES_TABLE, DRIVERS_TABLE } from '../projections/drivers/tables.ts';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../projections/subsessions/tables.ts';
import { TEAM_MEMBERS_TABLE, TEAMS_TABLE } from '../projections/teams/tables.ts';
import { USERS_TABLE } from '../projections/users/tables.ts';
import { licenceRowsJson, toLicenses } from './racing/licences.ts';
import type { LicenseDto, LicenseRow } from './racing/shapes.ts';
import { racingCategoriesOf, type RecruitmentProfileDto } from './recruitment.ts';

/**
 * The live racing record of recruitment profiles, read from the racing read models when a page
 * or an API answer is served (never stored with the profile, never typed by the author):
 *
 * - a driver profile: the linked driver's name, licences (iRating, safety rating, class) in the
 *   profile's categories, and recent form — the last 10 races, newest first;
 * - a team profile: the catalog team's name and, per profile category, its members' average
 *   iRating and safety rating over the members rated there;
 * - `verified`: the linked customer id is the one the author set on their own account, and no
 *   other account claims it (docs/recruitment.md, "Verified").
 */

export const RECENT_FORM_RACES = 10;

export interface FormRaceDto {
  subsessionId: number;
  startTime: string;
  seriesName: string;
  category: RacingCategory;
  /** In class; null when not classified. */
  finishPosition: number | null;
  fieldSize: number;
  incidents: number;
  /** null when the race did not rate. */
  iratingChange: number | null;
}

export interface DriverStatsDto {
  custId: number;
  /** null while the racing data does not know this customer id. */
  displayName: string | null;
  countryCode: string | null;
  /** The licences of the profile's categories (every licence when none of them is held). */
  licenses: LicenseDto[];
  recentForm: FormRaceDto[];
  /** Averages over `recentForm` (null without races). */
  averageFinish: number | null;
  averageIncidents: number | null;
  verified: boolean;
}

export interface TeamAverageDto {
  category: RacingCategory;
  averageIrating: number | null;
  averageSafetyRating: number | null;
  ratedMembers: number;
}

export interface TeamStatsDto {
  teamId: string;
  slug: string;
  name: string;
  tag: string | null;
  memberCount: number;
  averages: TeamAverageDto[];
}

export type ProfileStatsDto =
  { kind: 'driver'; driver: DriverStatsDto } | { kind: 'team'; team: TeamStatsDto | null };

type Profile = Pick<
  RecruitmentProfileDto,
  'id' | 'ownerId' | 'kind' | 'custId' | 'teamId' | 'categories'
>;

interface DriverRow {
  cust_id: number;
  display_name: string | null;
  country_code: string | null;
  licenses: LicenseRow[];
  form: {
    subsession_id: number;
    start_time: string;
    series_name: string;
    category: string;
    finish_position_in_class: number | null;
    num_drivers: number;
    incidents: number;
    old_irating: number | null;
    new_irating: number | null;
  }[];
}

async function driverRows(knex: Knex, custIds: number[]): Promise<Map<number, DriverRow>> {
  if (custIds.length === 0) return new Map();
  const { rows } = await knex.raw<{ rows: DriverRow[] }>(
    `SELECT c.cust_id, d.display_name, d.country_code,
            ${licenceRowsJson('c.cust_id')} AS licenses,
            (SELECT coalesce(json_agg(x ORDER BY x.start_time DESC, x.subsession_id DESC), '[]'::json)
               FROM (SELECT r.subsession_id, r.start_time, s.series_name, s.category,
                            r.finish_position_in_class, s.num_drivers, r.incidents,
                            r.old_irating, r.new_irating
                       FROM ${RESULTS_TABLE} r
                       JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = r.subsession_id
                      WHERE r.cust_id = c.cust_id AND r.is_primary
                      ORDER BY r.start_time DESC, r.subsession_id DESC
                      LIMIT ${RECENT_FORM_RACES}) x) AS form
       FROM unnest(?::int[]) AS c(cust_id)
       LEFT JOIN ${DRIVERS_TABLE} d ON d.cust_id = c.cust_id`,
    [custIds],
  );
  return new Map(rows.map((r) => [r.cust_id, r]));
}

/** Owner id → the iRacing customer id on the account, when exactly one account claims it. */
async function verifiedIds(knex: Knex, ownerIds: string[]): Promise<Map<string, number>> {
  if (ownerIds.length === 0) return new Map();
  const { rows } = await knex.raw<{ rows: { id: string; cust_id: number }[] }>(
    `SELECT u.id, u.iracing_customer_id AS cust_id FROM ${USERS_TABLE} u
      WHERE u.id = ANY (?::uuid[]) AND u.iracing_customer_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM ${USERS_TABLE} v
                         WHERE v.iracing_customer_id = u.iracing_customer_id AND v.id <> u.id)`,
    [ownerIds],
  );
  return new Map(rows.map((r) => [r.id, r.cust_id]));
}

interface TeamRowStats {
  id: string;
  slug: string;
  name: string;
  tag: string | null;
  member_count: number;
  averages: {
    category: string;
    avg_irating: number | null;
    avg_sub: number | null;
    rated: number;
  }[];
}

async function teamRows(knex: Knex, teamIds: string[]): Promise<Map<string, TeamRowStats>> {
  if (teamIds.length === 0) return new Map();
  const { rows } = await knex.raw<{ rows: TeamRowStats[] }>(
    `SELECT t.id, t.slug, t.name, t.tag, t.member_count,
            (SELECT coalesce(json_agg(a ORDER BY a.category), '[]'::json) FROM (
               SELECT l.category, round(avg(l.irating))::int AS avg_irating,
                      round(avg(l.sub_level))::int AS avg_sub, count(l.irating)::int AS rated
                 FROM ${TEAM_MEMBERS_TABLE} m
                 JOIN ${DRIVER_LICENSES_TABLE} l ON l.cust_id = m.cust_id
                WHERE m.team_id = t.id
                GROUP BY l.category) a) AS averages
       FROM ${TEAMS_TABLE} t WHERE t.id = ANY (?::uuid[])`,
    [teamIds],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** The live figures of each profile, by profile id (one round trip per kind of figure). */
export async function recruitmentStats(
  knex: Knex,
  profiles: readonly Profile[],
): Promise<Map<string, ProfileStatsDto>> {
  const custIds = [
    ...new Set(profiles.flatMap((p) => (p.kind === 'driver' && p.custId ? [p.custId] : []))),
  ];
  const teamIds = [
    ...new Set(profiles.flatMap((p) => (p.kind === 'team' && p.teamId ? [p.teamId] : []))),
  ];
  const owners = [...new Set(profiles.filter((p) => p.kind === 'driver').map((p) => p.ownerId))];
  const [drivers, teams, verified] = await Promise.all([
    driverRows(knex, custIds),
    teamRows(knex, teamIds),
    verifiedIds(knex, owners),
  ]);
  const out = new Map<string, ProfileStatsDto>();
  for (const p of profiles) {
    const wanted = racingCategoriesOf(p.categories);
    if (p.kind === 'driver' && p.custId !== null) {
      const row = drivers.get(p.custId);
      const all = toLicenses(row?.licenses ?? []);
      const mine = all.filter((l) => wanted.includes(l.category));
      const form: FormRaceDto[] = (row?.form ?? []).map((r) => ({
        subsessionId: r.subsession_id,
        startTime: new Date(r.start_time).toISOString(),
        seriesName: r.series_name,
        category: r.category as RacingCategory,
        finishPosition: r.finish_position_in_class,
        fieldSize: r.num_drivers,
        incidents: r.incidents,
        iratingChange:
          r.old_irating !== null && r.new_irating !== null ? r.new_irating - r.old_irating : null,
      }));
      const finishes = form.flatMap((r) => (r.finishPosition === null ? [] : [r.finishPosition]));
      out.set(p.id, {
        kind: 'driver',
        driver: {
          custId: p.custId,
          displayName: row?.display_name ?? null,
          countryCode: row?.country_code ?? null,
          licenses: mine.length > 0 ? mine : all,
          recentForm: form,
          averageFinish: avg(finishes),
          averageIncidents: avg(form.map((r) => r.incidents)),
          verified: verified.get(p.ownerId) === p.custId,
        },
      });
    } else if (p.kind === 'team') {
      const row = p.teamId ? teams.get(p.teamId) : undefined;
      out.set(p.id, {
        kind: 'team',
        team: row
          ? {
              teamId: row.id,
              slug: row.slug,
              name: row.name,
              tag: row.tag,
              memberCount: row.member_count,
              averages: row.averages
                .filter((a) => wanted.includes(a.category))
                .map((a) => ({
                  category: a.category as RacingCategory,
                  averageIrating: a.avg_irating,
                  averageSafetyRating: a.avg_sub === null ? null : a.avg_sub / 100,
                  ratedMembers: a.rated,
                })),
            }
          : null,
      });
    }
  }
  return out;
}
