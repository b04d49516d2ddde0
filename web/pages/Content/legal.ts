/** Shared by the legal pages: the date of the current version, shown and machine-readable. */
export const LEGAL_EFFECTIVE_DATE = '2026-11-22';

export const legalDateText = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
}).format(new Date(LEGAL_EFFECTIVE_DATE));

/** The `effectiveDate` of a `LegalPage`. */
export const legalEffectiveDate = { iso: LEGAL_EFFECTIVE_DATE, text: legalDateText };
