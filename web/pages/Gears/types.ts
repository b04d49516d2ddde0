/** The gear shapes pages receive (mirroring src/queries/gear.ts). */
export type GearType =
  | 'wheel_base'
  | 'wheel_rim'
  | 'pedals'
  | 'shifter'
  | 'handbrake'
  | 'button_box'
  | 'cockpit'
  | 'seat'
  | 'display'
  | 'vr_headset'
  | 'headphones'
  | 'motion_system'
  | 'bass_shaker';

export const GEAR_TYPE_NAMES: Record<GearType, string> = {
  wheel_base: 'Wheel bases',
  wheel_rim: 'Wheel rims',
  pedals: 'Pedals',
  shifter: 'Shifters',
  handbrake: 'Handbrakes',
  button_box: 'Button boxes',
  cockpit: 'Cockpits',
  seat: 'Seats',
  display: 'Displays',
  vr_headset: 'VR headsets',
  headphones: 'Headphones',
  motion_system: 'Motion systems',
  bass_shaker: 'Bass shakers',
};

export interface GearTypeCount {
  type: GearType;
  slug: string;
  count: number;
}

export interface GearItem {
  id: string;
  type: GearType;
  brand: string;
  model: string;
  description: string | null;
  priceMinUsd: number | null;
  priceMaxUsd: number | null;
  url: string | null;
  usedBy: { id: string; name: string }[];
  updatedAt: string;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** "$399–$599", "from $399", "up to $599", or null without a price. */
export function formatPriceRange(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null)
    return min === max ? usd.format(min) : `${usd.format(min)}–${usd.format(max)}`;
  if (min !== null) return `from ${usd.format(min)}`;
  if (max !== null) return `up to ${usd.format(max)}`;
  return null;
}
