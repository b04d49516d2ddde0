import type { Knex } from 'knex';
import type { RacingCategory } from '../events/racing/common.ts';
import { DRIVER_LICENSES_TABLE, DRIVERS_TABLE } from '../projections/drivers/tables.ts';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../projections/subsessions/tables.ts';
import {
  TEAM_MEMBERS_TABLE,
  TEAM_SLUG_REDIRECTS_TABLE,
  TEAMS_TABLE,
  type TeamRow,
} from '../projections/teams/tables.ts';
import { pageMeta, type Paged } from './articles.ts';
import { licenceRowsJson, toLicenses } from './racing/licences.ts';
import { escapeLike, type LicenseDto, type LicenseRow } from './racing/shapes.ts';

/**
 * Reads of the `teams` read model, joined with the racing `drivers` read model for the members'
 * names and live licences. A member whose customer id the racing data does not know yet is still
 * listed (by id, without figures): the admin may add a driver before their first ingested race.
 *
 * The average iRating of a team is over the members who have an iRating in the category asked
 * for (default sports car); a team with none has no average and sorts last.
 */

export const TEAM_SORTS = ['members', 'irating', 'name'] as const;
export type TeamSort = (typeof TEAM_SORTS)[number];

export interface TeamListParams {
  page: number;
  perPage: number;
  /** Part of the name or the tag, case-insensitive. */
  q?: string | undefined;
  /** Default members. */
  sort?: TeamSort;
  /** The category of the average iRating. Default sports_car. */
  category?: RacingCategory;
}

export interface TeamLinkDto {
  label: string;
  url: string;
}

export interface TeamSummaryDto {
  id: string;
  slug: string;
  name: string;
  tag: string | null;
  memberCount: number;
  /** Average iRating of the members rated in the category; null when none is. */
  averageIrating: number | null;
  /** How many members have an iRating in the category. */
  ratedMembers: number;
  /** The team's logo image (PNG, JPEG or WebP), versioned by its checksum; null without one. */
  logoUrl: string | null;
  updatedAt: string;
}

export interface TeamMemberDto {
  custId: number;
  /** null while the racing data does not know this customer id. */
  displayName: string | null;
  countryCode: string | null;
  /** Every licence of the driver (live, from the racing read models), ordered by category. */
  licenses: LicenseDto[];
}

export interface TeamDto extends TeamSummaryDto {
  description: string | null;
  links: TeamLinkDto[];
  createdAt: string;
  members: TeamMemberDto[];
}

/** A slug lookup: the team, a former slug of a team (redirect), or nothing. */
export type TeamBySlug = { kind: 'team'; team: TeamDto } | { kind: 'moved'; slug: string } | null;

const iso = (d: Date) => d.toISOString();

interface SummaryRow {
  id: string;
  slug: string;
  name: string;
  tag: string | null;
  member_count: number;
  average_irating: number | null;
  rated_members: number | string;
  logo_sha256: string | null;
  updated_at: Date;
}

/**
 * Where a team's logo is served (`GET /teams/{slug}/logo`). The query string carries the start
 * of the logo's SHA-256, so a new logo has a new address and the old one can be cached.
 */
export function teamLogoUrl(slug: string, sha256: string | null): string | null {
  return sha256 ? `/teams/${slug}/logo?v=${sha256.slice(0, 12)}` : null;
}

function toSummary(r: SummaryRow): TeamSummaryDto {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    tag: r.tag,
    memberCount: r.member_count,
    averageIrating: r.average_irating === null ? null : Number(r.average_irating),
    ratedMembers: Number(r.rated_members),
    logoUrl: teamLogoUrl(r.slug, r.logo_sha256),
    updatedAt: iso(r.updated_at),
  };
}

/** The lateral join giving `average_irating` and `rated_members` of team `t`. */
const averageJoin = `LEFT JOIN LATERAL (
    SELECT round(avg(l.irating))::integer AS average_irating, count(l.irating) AS rated_members
    FROM ${TEAM_MEMBERS_TABLE} m
    JOIN ${DRIVER_LICENSES_TABLE} l ON l.cust_id = m.cust_id AND l.category = ?
    WHERE m.team_id = t.id
  ) a ON true`;

const ORDER: Record<TeamSort, string> = {
  members: 't.member_count DESC, lower(t.name), t.id',
  irating: 'a.average_irating DESC NULLS LAST, lower(t.name), t.id',
  name: 'lower(t.name), t.id',
};

/** Teams, paged, optionally matching `q`, in the order asked for. */
export async function listTeams(db: Knex, params: TeamListParams): Promise<Paged<TeamSummaryDto>> {
  const sort = params.sort ?? 'members';
  const category = params.category ?? 'sports_car';
  const q = params.q?.trim() ? `%${escapeLike(params.q.trim())}%` : null;
  const where = q ? `WHERE (t.name ILIKE ? OR t.tag ILIKE ?)` : '';
  const whereBindings = q ? [q, q] : [];
  const offset = (params.page - 1) * params.perPage;
  const [rows, count] = await Promise.all([
    db.raw<{ rows: SummaryRow[] }>(
      `SELECT t.id, t.slug, t.name, t.tag, t.member_count, t.logo_sha256, t.updated_at,
              a.average_irating, a.rated_members
         FROM ${TEAMS_TABLE} t ${averageJoin}
         ${where}
         ORDER BY ${ORDER[sort]}
         LIMIT ? OFFSET ?`,
      [category, ...whereBindings, params.perPage, offset],
    ),
    db.raw<{ rows: { total: string }[] }>(
      `SELECT count(*) AS total FROM ${TEAMS_TABLE} t ${where}`,
      whereBindings,
    ),
  ]);
  const total = Number(count.rows[0]?.total ?? 0);
  return {
    data: rows.rows.map(toSummary),
    meta: pageMeta(params.page, params.perPage, total),
  };
}

/** A team by its current slug, or where a former slug now points. */
export async function getTeamBySlug(
  db: Knex,
  slug: string,
  category: RacingCategory = 'sports_car',
): Promise<TeamBySlug> {
  const row = await db<TeamRow>(TEAMS_TABLE).where({ slug }).first();
  if (row) return { kind: 'team', team: await teamDto(db, row, category) };
  const moved = await db(`${TEAM_SLUG_REDIRECTS_TABLE} as r`)
    .join(`${TEAMS_TABLE} as t`, 't.id', 'r.team_id')
    .where('r.slug', slug)
    .first<{ slug: string } | undefined>('t.slug');
  return moved ? { kind: 'moved', slug: moved.slug } : null;
}

async function teamDto(db: Knex, row: TeamRow, category: RacingCategory): Promise<TeamDto> {
  const [members, average] = await Promise.all([
    db.raw<{
      rows: {
        cust_id: number;
        display_name: string | null;
        country_code: string | null;
        licenses: LicenseRow[];
      }[];
    }>(
      `SELECT m.cust_id, d.display_name, d.country_code, ${licenceRowsJson('m.cust_id')} AS licenses
         FROM ${TEAM_MEMBERS_TABLE} m
         LEFT JOIN ${DRIVERS_TABLE} d ON d.cust_id = m.cust_id
        WHERE m.team_id = ?
        ORDER BY m.position`,
      [row.id],
    ),
    db.raw<{ rows: { average_irating: number | null; rated_members: string }[] }>(
      `SELECT a.average_irating, a.rated_members FROM ${TEAMS_TABLE} t ${averageJoin} WHERE t.id = ?`,
      [category, row.id],
    ),
  ]);
  const a = average.rows[0];
  return {
    ...toSummary({
      ...row,
      average_irating: a?.average_irating ?? null,
      rated_members: a?.rated_members ?? 0,
    }),
    description: row.description,
    links: row.links,
    createdAt: iso(row.created_at),
    members: members.rows.map((m) => ({
      custId: m.cust_id,
      displayName: m.display_name,
      countryCode: m.country_code,
      licenses: toLicenses(m.licenses),
    })),
  };
}

/** One driver of a team-event entry; `member` when the driver is on the catalog team. */
export interface TeamEventDriverDto {
  custId: number;
  displayName: string;
  member: boolean;
}

/**
 * One entry of an iRacing team (in the race results) that at least one member of the catalog
 * team drove: the catalog team and the iRacing team are related through the members' customer
 * ids, never by name (docs/community.md).
 */
export interface TeamEventResultDto {
  subsessionId: number;
  /** ISO-8601 start of the subsession. */
  startTime: string;
  seriesId: number;
  seriesName: string;
  trackName: string;
  configName: string | null;
  /** The iRacing team's id and name in that race (may differ from the catalog team's name). */
  iracingTeamId: number;
  iracingTeamName: string | null;
  carName: string;
  finishPosition: number;
  finishPositionInClass: number;
  /** How many entries (teams) raced in the entry's class. */
  classEntries: number;
  lapsComplete: number;
  drivers: TeamEventDriverDto[];
}

/** How many recent team-event results the team page shows. */
export const TEAM_EVENT_RESULTS_LIMIT = 10;

/**
 * The catalog team's most recent team-event entries, newest first: every (subsession, iRacing
 * team) of the main race in which a member drove. Each member's races come from the
 * `racing_results_driver_recent` index (cust_id, start_time DESC) with a bound per member, so
 * the cost grows with the member count, not with the size of the results table.
 */
export async function teamEventResults(
  db: Knex,
  teamId: string,
  limit = TEAM_EVENT_RESULTS_LIMIT,
): Promise<TeamEventResultDto[]> {
  const { rows } = await db.raw<{
    rows: {
      subsession_id: number;
      start_time: Date;
      series_id: number;
      series_name: string;
      track_name: string;
      config_name: string | null;
      team_id: number;
      team_name: string | null;
      car_name: string;
      finish_position: number;
      finish_position_in_class: number;
      laps_complete: number;
      class_entries: string;
      drivers: TeamEventDriverDto[];
    }[];
  }>(
    `WITH candidates AS (
       SELECT DISTINCT r.subsession_id, r.team_id, r.start_time
         FROM ${TEAM_MEMBERS_TABLE} m
         CROSS JOIN LATERAL (
           SELECT x.subsession_id, x.team_id, x.start_time
             FROM ${RESULTS_TABLE} x
            WHERE x.cust_id = m.cust_id AND x.is_primary AND x.team_id IS NOT NULL
            ORDER BY x.start_time DESC, x.subsession_id DESC
            LIMIT ?) r
        WHERE m.team_id = ?
     ), recent AS (
       SELECT * FROM candidates ORDER BY start_time DESC, subsession_id DESC, team_id LIMIT ?
     )
     SELECT e.subsession_id, e.team_id, s.start_time, s.series_id, s.series_name, s.track_name,
            s.config_name, t.team_name, t.car_name, t.car_class_id, t.finish_position,
            t.finish_position_in_class, t.laps_complete, t.drivers,
            (SELECT count(DISTINCT coalesce(y.team_id, -y.cust_id))
               FROM ${RESULTS_TABLE} y
              WHERE y.subsession_id = e.subsession_id AND y.is_primary
                AND y.car_class_id = t.car_class_id) AS class_entries
       FROM recent e
       JOIN ${SUBSESSIONS_TABLE} s ON s.subsession_id = e.subsession_id
       CROSS JOIN LATERAL (
         SELECT max(y.team_name) AS team_name, max(y.car_name) AS car_name,
                min(y.car_class_id) AS car_class_id,
                min(y.finish_position) AS finish_position,
                min(y.finish_position_in_class) AS finish_position_in_class,
                max(y.laps_complete) AS laps_complete,
                json_agg(json_build_object(
                  'custId', y.cust_id,
                  'displayName', y.display_name,
                  'member', EXISTS (SELECT 1 FROM ${TEAM_MEMBERS_TABLE} mm
                                     WHERE mm.team_id = ? AND mm.cust_id = y.cust_id))
                  ORDER BY y.laps_complete DESC, y.display_name) AS drivers
           FROM ${RESULTS_TABLE} y
          WHERE y.subsession_id = e.subsession_id AND y.is_primary AND y.team_id = e.team_id
       ) t
      ORDER BY e.start_time DESC, e.subsession_id DESC, e.team_id`,
    [limit, teamId, limit, teamId],
  );
  return rows.map((r) => ({
    subsessionId: r.subsession_id,
    startTime: iso(r.start_time),
    seriesId: r.series_id,
    seriesName: r.series_name,
    trackName: r.track_name,
    configName: r.config_name,
    iracingTeamId: r.team_id,
    iracingTeamName: r.team_name,
    carName: r.car_name,
    finishPosition: r.finish_position,
    finishPositionInClass: r.finish_position_in_class,
    classEntries: Number(r.class_entries),
    lapsComplete: r.laps_complete,
    drivers: r.drivers,
  }));
}

/** The logo file of the team with current slug `slug`, if it has one. */
export async function teamLogoOf(db: Knex, slug: string): Promise<string | null> {
  const row = await db<TeamRow>(TEAMS_TABLE)
    .where({ slug })
    .whereNotNull('logo_file_id')
    .first('logo_file_id');
  return row?.logo_file_id ?? null;
}
