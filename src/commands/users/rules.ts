import { z } from 'zod';

/**
 * Field rules of the user aggregate (docs/accounts.md, "Field rules"). The HTTP schemas build
 * on these, so a form and the domain can never disagree about what a valid value is.
 */

/** Emails are compared trimmed and lower-cased: one mailbox, one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const EMAIL_MAX = 254; // RFC 5321 path limit

export const emailRule = z
  .string({ error: 'Enter your email address.' })
  .trim()
  .min(1, 'Enter your email address.')
  .max(EMAIL_MAX, `An email address has at most ${EMAIL_MAX} characters.`)
  .pipe(z.email('Enter a valid email address.'))
  .transform(normalizeEmail);

export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 50;

// Letters, marks, numbers, punctuation, symbols and single spaces; no control or format characters.
const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]+$/u;

export const displayNameRule = z
  .string({ error: 'Enter a display name.' })
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(DISPLAY_NAME_MIN, `A display name has at least ${DISPLAY_NAME_MIN} characters.`)
      .max(DISPLAY_NAME_MAX, `A display name has at most ${DISPLAY_NAME_MAX} characters.`)
      .regex(printable, 'A display name may not contain control characters.'),
  );

/** Empty → null (the field is optional); otherwise iRacing's customer id, a positive integer. */
export const iracingCustomerIdRule = z.preprocess(
  (v) =>
    v === '' || v === undefined
      ? null
      : typeof v === 'string' && /^\d+$/.test(v.trim())
        ? Number(v)
        : v,
  z
    .number({ error: 'An iRacing customer id is a number.' })
    .int('An iRacing customer id is a whole number.')
    .min(1, 'An iRacing customer id is a positive number.')
    .max(99_999_999, 'That is not an iRacing customer id.')
    .nullable(),
);

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

const notCountries = new Set(['EU', 'EZ', 'QO', 'UN', 'ZZ']);

/** ISO 3166-1 alpha-2 code of a real country or territory (upper case). */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && !notCountries.has(code) && regionNames.of(code) !== undefined;
}

/** A country code (upper-cased first); empty → null. */
export const countryRule = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string({ error: 'Choose a country.' })
    .refine(isCountryCode, 'Choose a country from the list.')
    .nullable(),
);
