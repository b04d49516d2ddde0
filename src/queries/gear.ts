import type { Knex } from 'knex';
import { GEAR_TYPES, type GearType } from '../events/gear.ts';
import { GEAR_ITEMS_TABLE, type GearItemRow } from '../projections/gear/tables.ts';
import { PRO_DRIVER_GEAR_TABLE, PRO_DRIVERS_TABLE } from '../projections/pros/tables.ts';
import { pageMeta, type Paged } from './articles.ts';
import { escapeLike } from './racing/shapes.ts';

/**
 * Reads of the `gear` read model, with the pros who use each item (the `pros` read model's
 * pro_driver_gear). Types are addressed in URLs by their kebab form (`wheel-base`).
 */

export const gearTypeSlug = (type: GearType) => type.replace(/_/g, '-');
/** The type of a URL segment; only the kebab form names one (`wheel_base` does not). */
export function gearTypeFromSlug(slug: string): GearType | null {
  if (!/^[a-z]+(?:-[a-z]+)*$/.test(slug)) return null;
  const type = slug.replace(/-/g, '_');
  return (GEAR_TYPES as readonly string[]).includes(type) ? (type as GearType) : null;
}

export interface GearTypeCountDto {
  type: GearType;
  slug: string;
  count: number;
}

export interface GearUserDto {
  id: string;
  name: string;
}

export interface GearItemDto {
  id: string;
  type: GearType;
  brand: string;
  model: string;
  description: string | null;
  priceMinUsd: number | null;
  priceMaxUsd: number | null;
  url: string | null;
  /** Pro drivers who use it, by name. */
  usedBy: GearUserDto[];
  updatedAt: string;
}

/** Every type, in GEAR_TYPES order, with how many items it has (0 included). */
export async function listGearTypes(db: Knex): Promise<GearTypeCountDto[]> {
  const rows = await db(GEAR_ITEMS_TABLE)
    .select('type')
    .count<{ type: string; count: string }[]>({ count: '*' })
    .groupBy('type');
  const counts = new Map(rows.map((r) => [r.type, Number(r.count)]));
  return GEAR_TYPES.map((type) => ({
    type,
    slug: gearTypeSlug(type),
    count: counts.get(type) ?? 0,
  }));
}

export interface GearListParams {
  page: number;
  perPage: number;
  /** One type, or every type. */
  type?: GearType | undefined;
  /** Part of brand or model. */
  q?: string | undefined;
}

/** Items by brand and model, paged, with their users. */
export async function listGearItems(db: Knex, params: GearListParams): Promise<Paged<GearItemDto>> {
  const base = () => {
    const query = db<GearItemRow>(`${GEAR_ITEMS_TABLE} as g`);
    if (params.type) void query.where('g.type', params.type);
    const q = params.q?.trim();
    if (q) {
      const like = `%${escapeLike(q)}%`;
      void query.where((w) => w.whereILike('g.brand', like).orWhereILike('g.model', like));
    }
    return query;
  };
  const [rows, count] = await Promise.all([
    base()
      .select<(GearItemRow & { used_by: GearUserDto[] })[]>(
        'g.*',
        db.raw(
          `(SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY lower(p.name)), '[]'::json)
              FROM ${PRO_DRIVER_GEAR_TABLE} pg JOIN ${PRO_DRIVERS_TABLE} p ON p.id = pg.pro_id
             WHERE pg.gear_id = g.id) AS used_by`,
        ),
      )
      .orderByRaw('lower(g.brand), lower(g.model), g.id')
      .limit(params.perPage)
      .offset((params.page - 1) * params.perPage),
    base().count<{ count: string }[]>({ count: '*' }).first(),
  ]);
  const total = Number(count?.count ?? 0);
  return {
    data: rows.map((r) => ({
      id: r.id,
      type: r.type as GearType,
      brand: r.brand,
      model: r.model,
      description: r.description,
      priceMinUsd: r.price_min_usd,
      priceMaxUsd: r.price_max_usd,
      url: r.url,
      usedBy: r.used_by,
      updatedAt: r.updated_at.toISOString(),
    })),
    meta: pageMeta(params.page, params.perPage, total),
  };
}

/** The gear a pro uses, in the pro's order (items deleted since are left out). */
export async function gearOfPro(
  db: Knex,
  proId: string,
): Promise<{ id: string; type: GearType; brand: string; model: string }[]> {
  const rows = await db(`${PRO_DRIVER_GEAR_TABLE} as pg`)
    .join(`${GEAR_ITEMS_TABLE} as g`, 'g.id', 'pg.gear_id')
    .where('pg.pro_id', proId)
    .orderBy('pg.position')
    .select<{ id: string; type: string; brand: string; model: string }[]>(
      'g.id',
      'g.type',
      'g.brand',
      'g.model',
    );
  return rows.map((r) => ({ ...r, type: r.type as GearType }));
}

/** A gear item as a picker offers it (the admin pro form). */
export interface GearChoiceDto {
  id: string;
  type: GearType;
  brand: string;
  model: string;
}

/** Every gear item, grouped by type (GEAR_TYPES order), then by brand and model. */
export async function listGearChoices(db: Knex): Promise<GearChoiceDto[]> {
  const rows = await db<GearItemRow>(GEAR_ITEMS_TABLE)
    .select('id', 'type', 'brand', 'model')
    .orderByRaw('lower(brand), lower(model), id');
  const order = new Map<string, number>(GEAR_TYPES.map((t, i) => [t, i]));
  return rows
    .map((r) => ({ id: r.id, type: r.type as GearType, brand: r.brand, model: r.model }))
    .sort((a, b) => (order.get(a.type) ?? 0) - (order.get(b.type) ?? 0));
}

/** The ids of `ids` that name no gear item (the admin pro form refuses them). */
export async function unknownGearIds(db: Knex, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const known = new Set(
    (
      await db<GearItemRow>(GEAR_ITEMS_TABLE)
        .whereIn('id', [...ids])
        .select('id')
    ).map((r) => r.id),
  );
  return ids.filter((id) => !known.has(id));
}
