import { z } from 'zod';
import {
  gearBrand,
  gearDescription,
  gearModel,
  gearTypeRule,
} from '../../../commands/gear/rules.ts';
import { GEAR_LIMITS } from '../../../commands/gear/rules.ts';
import { isHttpUrl } from '../../../content/links.ts';
import { adminSearchQuery, revisionField, uuidParams } from '../schema.ts';

/** Query, path and form schemas of the admin gear routes (rules from commands/gear). */
export const ADMIN_GEAR_PER_PAGE = 25;

export const adminGearQuery = adminSearchQuery;

export const gearIdParams = uuidParams;

const text = z.preprocess(
  (v) => (v == null ? '' : typeof v === 'number' ? String(v) : v),
  z.string().trim(),
);

/** A price as typed: empty → none; otherwise whole dollars. */
const priceField = text.transform((v, ctx) => {
  if (v === '') return null;
  const n = /^\d{1,6}$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n > GEAR_LIMITS.priceMax) {
    ctx.addIssue({
      code: 'custom',
      message: `Enter whole dollars from 0 to ${GEAR_LIMITS.priceMax.toLocaleString('en')}.`,
    });
    return z.NEVER;
  }
  return n;
});

const urlField = text.transform((v, ctx) => {
  if (v === '') return null;
  if (v.length > 500 || !isHttpUrl(v)) {
    ctx.addIssue({ code: 'custom', message: 'Enter a full http:// or https:// address.' });
    return z.NEVER;
  }
  return v;
});

const gearFormFields = {
  type: z.preprocess((v) => v ?? '', gearTypeRule),
  brand: z.preprocess((v) => v ?? '', gearBrand),
  model: z.preprocess((v) => v ?? '', gearModel),
  description: gearDescription,
  priceMinUsd: priceField,
  priceMaxUsd: priceField,
  url: urlField,
};

const priceOrder = <T extends { priceMinUsd: number | null; priceMaxUsd: number | null }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.priceMinUsd !== null && v.priceMaxUsd !== null && v.priceMinUsd > v.priceMaxUsd) {
    ctx.addIssue({
      code: 'custom',
      path: ['priceMaxUsd'],
      message: 'The lowest price cannot be above the highest.',
    });
  }
};

/** POST /admin/gears/create. */
export const createGearForm = z.object(gearFormFields).superRefine(priceOrder);

/** PATCH /admin/gears/{id}. */
export const updateGearForm = z
  .object({ ...gearFormFields, expectedRevision: revisionField })
  .superRefine(priceOrder);
