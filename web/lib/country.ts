/** Built once: a DisplayNames costs tens of microseconds to construct, a lookup about one. */
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "Germany" for `DE` (English, the site's language); an unknown code is shown as sent. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
