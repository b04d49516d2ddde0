/**
 * Tables of the `gear` read model (filled only by projection.ts). src/queries/gear.ts reads them
 * (and joins the `pros` read model's pro_driver_gear for "used by").
 *
 * gear_items: one row per gear item that exists.
 *   id uuid PK · type (GEAR_TYPES) · brand · model · description · price_min_usd ·
 *   price_max_usd · url · created_at · updated_at
 */
export const GEAR_ITEMS_TABLE = 'gear_items';

export interface GearItemRow {
  id: string;
  type: string;
  brand: string;
  model: string;
  description: string | null;
  price_min_usd: number | null;
  price_max_usd: number | null;
  url: string | null;
  created_at: Date;
  updated_at: Date;
}
