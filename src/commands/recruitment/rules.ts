import { z } from 'zod';
import {
  LICENCE_LETTERS,
  RACE_FORMATS,
  RECRUITMENT_CATEGORIES,
  WEEKDAYS,
} from '../../events/recruitment.ts';
import { sealedValue } from '../../events/user-pii.ts';

/**
 * The recruitment rules, as zod schemas shared by the forms, the JSON API, the demo seed and the
 * decider (which re-checks them, so no caller can skip them). docs/recruitment.md explains them.
 */
export const RECRUITMENT_LIMITS = {
  titleMin: 5,
  titleMax: 100,
  descriptionMin: 20,
  descriptionMax: 4000,
  seriesMax: 20,
  languagesMax: 5,
  contactMax: 200,
  iRatingMax: 15_000,
  /** Open profiles one member may have at a time. */
  openProfilesMax: 3,
  /** Days a profile stays open unless renewed. */
  openDays: 60,
} as const;

const L = RECRUITMENT_LIMITS;
const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;

export const profileTitle = z
  .string()
  .trim()
  .min(L.titleMin, `Title must be at least ${L.titleMin} characters.`)
  .max(L.titleMax, `Title must be at most ${L.titleMax} characters.`);

export const profileDescription = z
  .string()
  .trim()
  .min(L.descriptionMin, `Description must be at least ${L.descriptionMin} characters.`)
  .max(
    L.descriptionMax,
    `Description must be at most ${L.descriptionMax.toLocaleString('en')} characters.`,
  );

export const profileCategories = z
  .array(z.enum(RECRUITMENT_CATEGORIES, 'Choose a category from the list.'))
  .min(1, 'Choose at least one category.')
  .refine(unique, 'A category is listed twice.');

export const profileSeriesIds = z
  .array(z.number().int().positive('A series must be an iRacing series id.'))
  .max(L.seriesMax, `At most ${L.seriesMax} series.`)
  .refine(unique, 'A series is listed twice.');

/** True for a time zone the runtime knows (IANA names such as "Europe/Berlin", or "UTC"). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const profileAvailability = z.object({
  timeZone: z.string().trim().refine(isTimeZone, 'Choose a time zone from the list.'),
  days: z
    .array(z.enum(WEEKDAYS, 'Choose days of the week.'))
    .min(1, 'Choose at least one day.')
    .refine(unique, 'A day is listed twice.'),
  format: z.enum(RACE_FORMATS, 'Choose sprint, endurance or both.'),
});

export const profileLanguages = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2}$/, 'A language is a two-letter code such as "en".'),
  )
  .min(1, 'Choose at least one language.')
  .max(L.languagesMax, `At most ${L.languagesMax} languages.`)
  .refine(unique, 'A language is listed twice.');

/** The contact line as the author types it (sealed before it is stored); empty → null. */
export const profileContact = z
  .string()
  .trim()
  .max(L.contactMax, `Contact must be at most ${L.contactMax} characters.`)
  .nullish()
  .transform((v) => (v ? v : null));

export const profileCustId = z
  .number('Enter your iRacing customer id.')
  .int('Enter your iRacing customer id.')
  .positive('Enter your iRacing customer id.')
  .max(2_147_483_647, 'Enter your iRacing customer id.');

export const profileRequirements = z
  .array(
    z.object({
      category: z.enum(RECRUITMENT_CATEGORIES, 'Choose a category from the list.'),
      minIRating: z
        .number()
        .int('Minimum iRating must be a whole number.')
        .min(0, 'Minimum iRating must be at least 0.')
        .max(L.iRatingMax, `Minimum iRating must be at most ${L.iRatingMax.toLocaleString('en')}.`)
        .nullable(),
      minLicence: z.enum(LICENCE_LETTERS, 'Choose a licence class.').nullable(),
    }),
  )
  .max(RECRUITMENT_CATEGORIES.length, 'One requirement per category.')
  .refine(
    (rows) => unique(rows.map((r) => r.category)),
    'A category has two requirements; keep one.',
  );

const fieldShape = {
  title: profileTitle,
  description: profileDescription,
  categories: profileCategories,
  seriesIds: profileSeriesIds,
  availability: profileAvailability,
  languages: profileLanguages,
  contact: sealedValue.nullable(),
  custId: profileCustId.nullable(),
  teamId: z.uuid('Choose a team from the catalog.').nullable(),
  requirements: profileRequirements,
};

/**
 * A profile's fields as the decider checks them: `contact` already sealed. The forms and the API
 * validate the typed contact with `profileContact` before the handler seals it.
 */
export const profileFields = z.object({
  ...fieldShape,
  seriesIds: fieldShape.seriesIds.default([]),
  contact: fieldShape.contact.default(null),
  custId: fieldShape.custId.default(null),
  teamId: fieldShape.teamId.default(null),
  requirements: fieldShape.requirements.default([]),
});
export type ProfileFieldsInput = z.input<typeof profileFields>;

/** An edit: every field optional, no defaults (an absent field stays as it is). */
export const profileFieldChanges = z.object(fieldShape).partial();
