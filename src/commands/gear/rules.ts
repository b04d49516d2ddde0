import { z } from 'zod';
import { httpUrl } from '../../content/links.ts';
import { gearType } from '../../events/gear.ts';

/**
 * The gear rules (forms, demo seed and decider share them): a type from GEAR_TYPES; brand 1–60
 * and model 1–80 characters; an optional plain-text description (≤ 2,000); an optional price
 * range in whole US dollars (0–100,000, the low end not above the high end; one end alone is a
 * "from" or "up to" price); an optional http(s) product link.
 */
export const GEAR_LIMITS = {
  brandMax: 60,
  modelMax: 80,
  descriptionMax: 2000,
  priceMax: 100_000,
} as const;

export const gearTypeRule = gearType;

export const gearBrand = z
  .string()
  .trim()
  .min(1, 'Brand is required.')
  .max(GEAR_LIMITS.brandMax, `Brand must be at most ${GEAR_LIMITS.brandMax} characters.`);

export const gearModel = z
  .string()
  .trim()
  .min(1, 'Model is required.')
  .max(GEAR_LIMITS.modelMax, `Model must be at most ${GEAR_LIMITS.modelMax} characters.`);

export const gearDescription = z
  .string()
  .trim()
  .max(
    GEAR_LIMITS.descriptionMax,
    `Description must be at most ${GEAR_LIMITS.descriptionMax.toLocaleString('en')} characters.`,
  )
  .nullish()
  .transform((v) => (v ? v : null));

export const gearPrice = z
  .number('Enter a price in whole dollars.')
  .int('Enter a price in whole dollars.')
  .min(0, 'A price cannot be negative.')
  .max(
    GEAR_LIMITS.priceMax,
    `A price must be at most ${GEAR_LIMITS.priceMax.toLocaleString('en')} dollars.`,
  )
  .nullish()
  .transform((v) => v ?? null);

export const gearUrl = httpUrl.nullish().transform((v) => v ?? null);

/** The price range's own rule, checked on the whole item. */
export function priceRangeError(min: number | null, max: number | null): string | null {
  return min !== null && max !== null && min > max
    ? 'The lowest price cannot be above the highest.'
    : null;
}
