import type { GearType } from '../../Gears/types.ts';

/** Shapes of the admin gear pages (mirroring src/http/admin/gears/pages.ts). */
export interface GearLimits {
  brandMax: number;
  modelMax: number;
  descriptionMax: number;
  priceMax: number;
}

export interface GearFormFields {
  type: GearType;
  brand: string;
  model: string;
  description: string;
  /** Whole dollars as typed, or empty. */
  priceMinUsd: string;
  priceMaxUsd: string;
  url: string;
}

export interface AdminGearEdit extends GearFormFields {
  id: string;
  revision: string;
}
