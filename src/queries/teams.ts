import type { Knex } from 'knex';
import type { RacingCategory } from '../events/racing/common.ts';
import { DRIVER_LICENSES_TABLE, DRIVERS_TABLE } from '../projections/drivers/tables.ts';
import {
  TEAM_MEMBERS_TABLE,
  TEAM_SLUG_REDIRECTS_TABLE,
  TEAMS_TABLE,
  type TeamRow,
} from '../projections/teams/tables.ts';
import type { Paged } from './articles.ts';
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
  updated_at: Date;
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
      `SELECT t.id, t.slug, t.name, t.tag, t.member_count, t.updated_at,
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
    meta: {
      page: params.page,
      perPage: params.perPage,
      total,
      lastPage: Math.max(1, Math.ceil(total / params.perPage)),
    },
  };
}

/** How many teams there are (the admin dashboard, empty states). */
export async function countTeams(db: Knex): Promise<number> {
  const row = await db(TEAMS_TABLE).count<{ count: string }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
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

/** A team by id (the admin pages); null when unknown or deleted. */
export async function getTeamById(
  db: Knex,
  id: string,
  category: RacingCategory = 'sports_car',
): Promise<TeamDto | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const row = await db<TeamRow>(TEAMS_TABLE).where({ id }).first();
  return row ? teamDto(db, row, category) : null;
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
