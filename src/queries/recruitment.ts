import type { Knex } from 'knex';
import {
  RECRUITMENT_PROFILES_TABLE as T,
  type RecruitmentProfileRow,
} from '../projections/recruitment/tables.ts';
import {
  decodeCursor,
  encodeCursor,
  InvalidQueryError,
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

export interface BoardFilters {
  kind: 'driver' | 'team';
  category?: string | undefined;
  language?: string | undefined;
  timeZone?: string | undefined;
  seriesId?: number | undefined;
}

/** The key of the board's order (newest first): `t` the creation time, `i` the id. */
const isBoardKey = (v: unknown): v is { t: string; i: string } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { t?: unknown }).t === 'string' &&
  !Number.isNaN(Date.parse((v as { t: string }).t)) &&
  typeof (v as { i?: unknown }).i === 'string' &&
  /^[0-9a-f-]{36}$/.test((v as { i: string }).i);

/** Open profiles of a kind, newest first, keyset-paged, filtered. */
export async function listOpenProfiles(
  knex: Knex,
  filters: BoardFilters,
  page: PageRequest = {},
): Promise<Page<RecruitmentProfileDto>> {
  const limit = pageLimit(page.limit);
  const q = knex<RecruitmentProfileRow>(T).where({ status: 'open', kind: filters.kind });
  if (filters.category) q.whereRaw('? = ANY (categories)', [filters.category]);
  if (filters.language) q.whereRaw('? = ANY (languages)', [filters.language]);
  if (filters.timeZone) q.where('time_zone', filters.timeZone);
  if (filters.seriesId !== undefined) q.whereRaw('? = ANY (series_ids)', [filters.seriesId]);
  if (page.cursor) {
    const key = decodeCursor(page.cursor, isBoardKey);
    q.whereRaw('(created_at, id) < (?::timestamptz, ?::uuid)', [key.t, key.i]);
  }
  const rows = await q
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(toDto);
  const last = items[items.length - 1];
  return {
    items,
    nextCursor:
      rows.length > limit && last ? encodeCursor({ t: last.createdAt, i: last.id }) : null,
  };
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
