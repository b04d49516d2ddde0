import type { GearType } from '../../../generated/dtos.ts';

/** What the admin pro-driver pages declare; src/http/admin/pros/pages.ts renders them. */
export interface ProLimits {
  nameMin: number;
  nameMax: number;
  backgroundMax: number;
  teamMax: number;
  bioMax: number;
  linksMax: number;
  gearMax: number;
}

export interface ProFormFields {
  name: string;
  /** Digits, or empty for none. */
  custId: string;
  countryCode: string;
  background: string;
  teamName: string;
  bioMarkdown: string;
  /** One link per line: `https://…` or `Label | https://…`. */
  links: string;
  /** The chosen gear items, in the order they were checked. */
  gearIds: string[];
}

/** A gear item the picker offers (grouped by type). */
export interface GearChoice {
  id: string;
  type: GearType;
  brand: string;
  model: string;
}

export interface AdminProEdit extends ProFormFields {
  id: string;
  revision: string;
}
