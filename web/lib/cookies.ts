/**
 * Reads one cookie from a `document.cookie`-style string and URI-decodes its value.
 * Returns null when the cookie is absent. A malformed %-sequence yields the raw value rather
 * than throwing, so a bad cookie can never break every request.
 */
export function readCookie(name: string, cookieString: string): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}
