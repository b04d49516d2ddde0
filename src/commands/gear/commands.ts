import { z } from 'zod';
import {
  gearBrand,
  gearDescription,
  gearModel,
  gearPrice,
  gearTypeRule,
  gearUrl,
  priceRangeError,
} from './rules.ts';

/** Gear commands: input schemas and the union the decider handles. */
const fields = {
  type: gearTypeRule,
  brand: gearBrand,
  model: gearModel,
  description: gearDescription,
  priceMinUsd: gearPrice,
  priceMaxUsd: gearPrice,
  url: gearUrl,
};

export const createGearInput = z.object({ gearId: z.uuid(), ...fields }).superRefine((v, ctx) => {
  const error = priceRangeError(v.priceMinUsd, v.priceMaxUsd);
  if (error) ctx.addIssue({ code: 'custom', path: ['priceMaxUsd'], message: error });
});

/** Partial: an absent field stays; the price range is re-checked against the current item. */
export const updateGearInput = z.object({
  gearId: z.uuid(),
  type: fields.type.optional(),
  brand: fields.brand.optional(),
  model: fields.model.optional(),
  description: fields.description.optional(),
  priceMinUsd: fields.priceMinUsd.optional(),
  priceMaxUsd: fields.priceMaxUsd.optional(),
  url: fields.url.optional(),
});

export type CreateGear = { type: 'CreateGear'; data: z.output<typeof createGearInput> };
export type UpdateGear = { type: 'UpdateGear'; data: z.output<typeof updateGearInput> };
export type DeleteGear = { type: 'DeleteGear'; data: { gearId: string } };
export type GearCommand = CreateGear | UpdateGear | DeleteGear;
