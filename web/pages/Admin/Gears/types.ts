import type { GearType } from '../../../generated/dtos.ts';

/** What the admin gear pages declare; src/http/admin/gears/pages.ts renders them. */
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
