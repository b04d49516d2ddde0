/** "Germany" for `DE` (English, the site's language); an unknown code is shown as sent. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
