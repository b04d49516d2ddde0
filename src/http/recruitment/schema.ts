import { z } from 'zod';
import {
  LICENCE_LETTERS,
  RACE_FORMATS,
  RECRUITMENT_CATEGORIES,
  WEEKDAYS,
} from '../../events/recruitment.ts';
import {
  isTimeZone,
  profileCategories,
  profileContact,
  profileCustId,
  profileDescription,
  profileLanguages,
  profileRequirements,
  profileSeriesIds,
  profileTitle,
  RECRUITMENT_LIMITS,
} from '../../commands/recruitment/rules.ts';
import { BOARD_SORTS } from '../../queries/recruitment.ts';

/**
 * Query, path and form schemas of the recruitment routes. The form fields reuse the recruitment
 * rules (src/commands/recruitment/rules.ts); the decider re-checks them. Pages treat an invalid
 * query as an address that names no page (404); /api answers 400 with the issues.
 */

/** An empty query value or form field is absent. */
const blank = (v: unknown) =>
  v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blank, schema.optional());

const L = RECRUITMENT_LIMITS;

export const boardQuery = z.object({
  category: optional(z.enum(RECRUITMENT_CATEGORIES)),
  minIRating: optional(z.coerce.number().int().min(0).max(L.iRatingMax)),
  maxIRating: optional(z.coerce.number().int().min(0).max(L.iRatingMax)),
  licence: optional(z.enum(LICENCE_LETTERS)),
  timeZone: optional(z.string().max(64).refine(isTimeZone, 'not a time zone')),
  language: optional(
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z]{2}$/),
  ),
  series: optional(z.coerce.number().int().positive().max(2_147_483_647)),
  sort: z.preprocess(blank, z.enum(BOARD_SORTS).default('newest')),
  cursor: optional(z.string().max(500)),
});
export type BoardQuery = z.output<typeof boardQuery>;

export const apiBoardQuery = boardQuery.extend({
  limit: z.preprocess(blank, z.coerce.number().int().min(1).max(100).default(25)),
});

export const apiMineQuery = z.object({});

export const profileIdParams = z.object({ profileId: z.uuid() });

/** A form sends one checkbox value as a string and none as nothing: always an array here. */
const list = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (v): unknown[] =>
      v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? (v as unknown[]) : [v],
    schema,
  );

/** "228, 300" or [228, "300"]: series ids. */
const itemsOf = (v: unknown): unknown[] =>
  typeof v === 'string' ? v.split(/[\s,;]+/) : Array.isArray(v) ? (v as unknown[]) : [];

const seriesField = z.preprocess((v): unknown[] => {
  return itemsOf(v)
    .map((x): unknown => (typeof x === 'string' ? x.trim() : x))
    .filter((x) => x !== '' && x !== undefined && x !== null)
    .map((x): unknown => (typeof x === 'string' && /^\d{1,10}$/.test(x) ? Number(x) : x));
}, profileSeriesIds);

/** "en, de" or ["en", "de"]: language codes. */
const languagesField = z.preprocess((v): unknown[] => {
  return itemsOf(v).filter((x) => typeof x !== 'string' || x.trim() !== '');
}, profileLanguages);

const CUST_ID_MESSAGE = 'Enter your iRacing customer id.';
const custIdField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : blank(v)),
  z.union([profileCustId, z.undefined()], CUST_ID_MESSAGE),
);

const teamIdField = z.preprocess(blank, z.uuid('Choose a team from the catalog.').optional());

/** Per category a row; a row with neither minimum is dropped. */
const requirementsField = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v : [])
      .map((row: unknown) => {
        const r = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>;
        const ir = blank(r.minIRating);
        return {
          category: r.category,
          minIRating:
            ir === undefined
              ? null
              : typeof ir === 'string' && /^\d+$/.test(ir.trim())
                ? Number(ir)
                : ir,
          minLicence: blank(r.minLicence) ?? null,
        };
      })
      .filter((r) => r.minIRating !== null || r.minLicence !== null),
  profileRequirements,
);

const FLAT_REQUIREMENT = /^requirements\.([a-z_]+)\.(minIRating|minLicence)$/;

/**
 * A plain form (no JavaScript, urlencoded, not nested) names a requirement cell
 * `requirements.<category>.minIRating` / `.minLicence`: gathered here into the `requirements`
 * rows the JSON form sends. A body that already has `requirements` is left as it is.
 */
export function gatherFlatRequirements(v: unknown): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
  const body = v as Record<string, unknown>;
  const flat = Object.keys(body).filter((k) => FLAT_REQUIREMENT.test(k));
  if (flat.length === 0) return v;
  const rest = Object.fromEntries(Object.entries(body).filter(([k]) => !FLAT_REQUIREMENT.test(k)));
  if (rest.requirements !== undefined) return rest;
  const rows = new Map<string, Record<string, unknown>>();
  for (const key of flat) {
    const [, category, field] = FLAT_REQUIREMENT.exec(key)!;
    const row = rows.get(category!) ?? { category };
    row[field!] = body[key];
    rows.set(category!, row);
  }
  return { ...rest, requirements: [...rows.values()] };
}

/** The fields of the create and edit forms (and of their JSON equivalents). */
export const profileForm = z.object({
  title: z.preprocess((v) => v ?? '', profileTitle),
  description: z.preprocess((v) => v ?? '', profileDescription),
  categories: list(profileCategories),
  seriesIds: seriesField,
  timeZone: z.preprocess(
    (v) => v ?? '',
    z.string().trim().refine(isTimeZone, 'Choose a time zone from the list.'),
  ),
  days: list(
    z.array(z.enum(WEEKDAYS, 'Choose days of the week.')).min(1, 'Choose at least one day.'),
  ),
  format: z.preprocess(
    (v) => blank(v) ?? '',
    z.enum(RACE_FORMATS, 'Choose sprint, endurance or both.'),
  ),
  languages: languagesField,
  contact: z.preprocess((v) => v ?? '', profileContact),
  custId: custIdField,
  teamId: teamIdField,
  requirements: requirementsField,
});

export const createProfileForm = profileForm.extend({
  kind: z.enum(['driver', 'team'], 'Choose driver or team.'),
});

export type ProfileForm = z.output<typeof profileForm>;
