import type { Knex } from 'knex';
import {
  RECRUITMENT_PROFILES_TABLE as T,
  type RecruitmentProfileRow,
} from '../projections/recruitment/tables.ts';
import { DRIVER_LICENSES_TABLE } from '../projections/drivers/tables.ts';
import { TEAM_MEMBERS_TABLE } from '../projections/teams/tables.ts';
import {
  decodeCursor,
  encodeCursor,
  InvalidQueryError,
  offsetOf,
  offsetPage,
  pageLimit,
  type Page,
  type PageRequest,
} from './racing/paging.ts';

/**
 * Reads of the recruitment board (docs/recruitment.md). Rows are shaped into DTOs here; the
 * sealed contact never leaves this module except through `sealedContactOf`, for the handler
 * that opens it for a signed-in member.
 */

export interface RecruitmentProfileDto {
  id: string;
  ownerId: string;
  kind: 'driver' | 'team';
  status: 'open' | 'closed';
  title: string;
  description: string;
  categories: string[];
  seriesIds: number[];
  availability: { timeZone: string; days: string[]; format: string };
  languages: string[];
  hasContact: boolean;
  custId: number | null;
  teamId: string | null;
  requirements: { category: string; minIRating: number | null; minLicence: string | null }[];
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  closedAt: string | null;
  closeReason: 'owner' | 'expired' | null;
}

const iso = (d: Date) => d.toISOString();

function toDto(r: RecruitmentProfileRow): RecruitmentProfileDto {
  return {
    id: r.id,
    ownerId: r.owner_id,
    kind: r.kind,
    status: r.status,
    title: r.title,
    description: r.description,
    categories: r.categories,
    seriesIds: r.series_ids,
    availability: { timeZone: r.time_zone, days: r.days, format: r.race_format },
    languages: r.languages,
    hasContact: r.contact_sealed !== null,
    custId: r.cust_id,
    teamId: r.team_id,
    requirements: r.requirements,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    expiresAt: iso(r.expires_at),
    closedAt: r.closed_at ? iso(r.closed_at) : null,
    closeReason: r.close_reason,
  };
}

export const BOARD_SORTS = ['newest', 'irating'] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];

/** Licence classes in order (a filter "at least B" / a requirement "at most B"). */
const LICENCE_ORDER = ['R', 'D', 'C', 'B', 'A', 'P'] as const;

export interface BoardFilters {
  kind: 'driver' | 'team';
  category?: string | undefined;
  language?: string | undefined;
  timeZone?: string | undefined;
  seriesId?: number | undefined;
  /** The profile's iRating figure (see `ratingOf`) within [min, max]. */
  minIRating?: number | undefined;
  maxIRating?: number | undefined;
  /**
   * Drivers: the linked driver holds at least this licence (in the category, else in one of the
   * profile's categories). Teams: the team asks for at most this licence there.
   */
  licence?: (typeof LICENCE_ORDER)[number] | undefined;
  /** newest (default, keyset-paged) or irating (highest first, offset-paged: live figures). */
  sort?: BoardSort | undefined;
}

/**
 * The racing categories a recruitment category reads: iRacing's road licence was split into
 * sports car and formula car, so a driver whose data predates the split is read by its road row.
 */
export function racingCategoriesOf(categories: readonly string[]): string[] {
  const out = new Set(categories);
  if (out.has('sports_car') || out.has('formula_car')) out.add('road');
  return [...out];
}

/** SQL: the categories a row's figures are read in: the filter's, else the profile's own. */
const categoriesSql = (
  filterCategory: string | undefined,
): { sql: string; bindings: Knex.Value[] } =>
  filterCategory
    ? { sql: '?::text[]', bindings: [racingCategoriesOf([filterCategory])] }
    : {
        sql: `(p.categories || CASE WHEN p.categories && ARRAY['sports_car','formula_car']
                 THEN ARRAY['road'] ELSE ARRAY[]::text[] END)`,
        bindings: [],
      };

/**
 * The lateral join giving each profile its live figure `rating` (and `grp`, the licence group
 * 1 = R … 6 = P, for drivers): a driver profile's driver's highest iRating in the categories; a
 * team profile's highest average iRating of the catalog team's members in one of them.
 */
function ratingJoin(kind: 'driver' | 'team', cats: { sql: string; bindings: Knex.Value[] }) {
  if (kind === 'driver') {
    return {
      sql: `LEFT JOIN LATERAL (
          SELECT max(l.irating) AS rating,
                 max(coalesce(l.license_group, ceil(l.license_level / 4.0)::int)) AS grp
            FROM ${DRIVER_LICENSES_TABLE} l
           WHERE l.cust_id = p.cust_id AND l.category = ANY (${cats.sql})
        ) f ON true`,
      bindings: cats.bindings,
    };
  }
  return {
    sql: `LEFT JOIN LATERAL (
        SELECT max(x.avg_irating) AS rating, NULL::int AS grp FROM (
          SELECT round(avg(l.irating))::int AS avg_irating
            FROM ${TEAM_MEMBERS_TABLE} m
            JOIN ${DRIVER_LICENSES_TABLE} l ON l.cust_id = m.cust_id
           WHERE m.team_id = p.team_id AND l.category = ANY (${cats.sql}) AND l.irating IS NOT NULL
           GROUP BY l.category) x
      ) f ON true`,
    bindings: cats.bindings,
  };
}

/** The key of the board's order (newest first): `t` the creation time, `i` the id. */
const isBoardKey = (v: unknown): v is { t: string; i: string } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { t?: unknown }).t === 'string' &&
  !Number.isNaN(Date.parse((v as { t: string }).t)) &&
  typeof (v as { i?: unknown }).i === 'string' &&
  /^[0-9a-f-]{36}$/.test((v as { i: string }).i);

export interface BoardItemDto extends RecruitmentProfileDto {
  /** The live figure the iRating filter and sort use (null: no rated driver / member). */
  rating: number | null;
}

/**
 * Open profiles of a kind, filtered; newest first (keyset-paged on created_at, id) or highest
 * live iRating first (offset-paged, since the figures move with every ingest).
 */
export async function listOpenProfiles(
  knex: Knex,
  filters: BoardFilters,
  page: PageRequest = {},
): Promise<Page<BoardItemDto>> {
  const limit = pageLimit(page.limit);
  const sort = filters.sort ?? 'newest';
  const join = ratingJoin(filters.kind, categoriesSql(filters.category));
  const where: string[] = [`p.status = 'open'`, `p.kind = ?`];
  const bindings: Knex.Value[] = [...join.bindings, filters.kind];
  if (filters.category) {
    where.push('? = ANY (p.categories)');
    bindings.push(filters.category);
  }
  if (filters.language) {
    where.push('? = ANY (p.languages)');
    bindings.push(filters.language);
  }
  if (filters.timeZone) {
    where.push('p.time_zone = ?');
    bindings.push(filters.timeZone);
  }
  if (filters.seriesId !== undefined) {
    where.push('? = ANY (p.series_ids)');
    bindings.push(filters.seriesId);
  }
  if (filters.minIRating !== undefined) {
    where.push('f.rating >= ?');
    bindings.push(filters.minIRating);
  }
  if (filters.maxIRating !== undefined) {
    where.push('f.rating <= ?');
    bindings.push(filters.maxIRating);
  }
  if (filters.licence) {
    const rank = LICENCE_ORDER.indexOf(filters.licence) + 1;
    if (filters.kind === 'driver') {
      where.push('f.grp >= ?');
      bindings.push(rank);
    } else {
      where.push(`NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(p.requirements) r
         WHERE r->>'minLicence' IS NOT NULL
           AND array_position(ARRAY['R','D','C','B','A','P'], r->>'minLicence') > ?
           ${filters.category ? `AND r->>'category' = ?` : ''})`);
      bindings.push(rank, ...(filters.category ? [filters.category] : []));
    }
  }
  let offset = 0;
  if (sort === 'newest' && page.cursor) {
    const key = decodeCursor(page.cursor, isBoardKey);
    where.push('(p.created_at, p.id) < (?::timestamptz, ?::uuid)');
    bindings.push(key.t, key.i);
  } else if (sort === 'irating') {
    offset = offsetOf(page);
  }
  const order =
    sort === 'irating'
      ? 'f.rating DESC NULLS LAST, p.created_at DESC, p.id DESC'
      : 'p.created_at DESC, p.id DESC';
  const { rows } = await knex.raw<{ rows: (RecruitmentProfileRow & { rating: number | null })[] }>(
    `SELECT p.*, f.rating FROM ${T} p ${join.sql}
      WHERE ${where.join(' AND ')}
      ORDER BY ${order}
      LIMIT ? OFFSET ?`,
    [...bindings, limit + 1, offset],
  );
  const shape = (r: RecruitmentProfileRow & { rating: number | null }): BoardItemDto => ({
    ...toDto(r),
    rating: r.rating === null ? null : Number(r.rating),
  });
  if (sort === 'irating') return offsetPage(rows, limit, offset, shape);
  const items = rows.slice(0, limit).map(shape);
  const last = items[items.length - 1];
  return {
    items,
    nextCursor:
      rows.length > limit && last ? encodeCursor({ t: last.createdAt, i: last.id }) : null,
  };
}

/** An open recruitment profile of a catalog team, as its team page lists it. */
export interface TeamRecruitmentDto {
  id: string;
  title: string;
  categories: string[];
  format: string;
  requirements: RecruitmentProfileDto['requirements'];
  createdAt: string;
  expiresAt: string;
}

/** The open team profiles linked to catalog team `teamId`, newest first (index `team_idx`). */
export async function openProfilesOfTeam(
  knex: Knex,
  teamId: string,
): Promise<TeamRecruitmentDto[]> {
  const rows = await knex<RecruitmentProfileRow>(T)
    .where({ team_id: teamId, status: 'open', kind: 'team' })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    categories: r.categories,
    format: r.race_format,
    requirements: r.requirements,
    createdAt: iso(r.created_at),
    expiresAt: iso(r.expires_at),
  }));
}

/** One profile, open or closed; null when there is none (deleted, or never was). */
export async function getProfile(knex: Knex, id: string): Promise<RecruitmentProfileDto | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new InvalidQueryError('profileId', 'not a profile id');
  const row = await knex<RecruitmentProfileRow>(T).where({ id }).first();
  return row ? toDto(row) : null;
}

/** A member's own profiles, open ones first, then newest first. */
export async function profilesOfOwner(
  knex: Knex,
  ownerId: string,
): Promise<RecruitmentProfileDto[]> {
  const rows = await knex<RecruitmentProfileRow>(T)
    .where({ owner_id: ownerId })
    .orderByRaw(`status = 'open' DESC, created_at DESC, id DESC`);
  return rows.map(toDto);
}

/** The sealed contact line of a profile (opened by the caller with the owner's data key). */
export async function sealedContactOf(knex: Knex, id: string): Promise<string | null> {
  const row = await knex<RecruitmentProfileRow>(T).where({ id }).first('contact_sealed');
  return row?.contact_sealed ?? null;
}

/** Open profiles whose time has passed at `now`, oldest first: what the expiry job closes. */
export async function profilesDueForExpiry(
  knex: Knex,
  now: Date,
  limit = 500,
): Promise<{ id: string; ownerId: string }[]> {
  const rows = await knex<RecruitmentProfileRow>(T)
    .where({ status: 'open' })
    .andWhere('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .select('id', 'owner_id');
  return rows.map((r) => ({ id: r.id, ownerId: r.owner_id }));
}
