/** What the gear pages show beside the server's DTOs (web/generated/dtos.ts): names and prices. */
import type { GearType } from '../../generated/dtos.ts';

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
