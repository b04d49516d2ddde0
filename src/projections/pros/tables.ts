/**
 * Tables of the `pros` read model (filled only by projection.ts). src/queries/pros.ts reads them.
 *
 * pro_drivers: one row per pro driver that exists.
 *   id uuid PK · name · cust_id (iRacing customer id, nullable; joins the racing read models) ·
 *   country_code · background · team_name · bio_markdown · bio_html (sanitised at projection
 *   time) · links jsonb · created_at · updated_at
 * pro_driver_gear: the gear a pro uses, in the pro's order: pro_id · gear_id · position.
 */
export const PRO_DRIVERS_TABLE = 'pro_drivers';
export const PRO_DRIVER_GEAR_TABLE = 'pro_driver_gear';

export interface ProDriverRow {
  id: string;
  name: string;
  cust_id: number | null;
  country_code: string | null;
  background: string | null;
  team_name: string | null;
  bio_markdown: string;
  bio_html: string;
  links: { label: string; url: string }[];
  created_at: Date;
  updated_at: Date;
}
