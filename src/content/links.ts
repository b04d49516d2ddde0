import { z } from 'zod';

/**
 * Links that authors attach to catalog entries (team sites, social profiles, shop pages): only
 * absolute http(s) addresses, so no `javascript:`/`data:` URL is ever stored or rendered.
 */
export const LINK_LIMITS = { urlMax: 500, labelMax: 40 } as const;

export const httpUrl = z
  .string()
  .trim()
  .min(1, 'Enter an address.')
  .max(LINK_LIMITS.urlMax, `An address must be at most ${LINK_LIMITS.urlMax} characters.`)
  .refine(isHttpUrl, 'Enter a full http:// or https:// address.');

export const linkLabel = z
  .string()
  .trim()
  .min(1, 'A link needs a label.')
  .max(LINK_LIMITS.labelMax, `A link label must be at most ${LINK_LIMITS.labelMax} characters.`);

/** The address is checked first, so a bad address is what a form reports. */
export const labelledLink = z.object({ url: httpUrl, label: linkLabel });
export type LabelledLink = z.output<typeof labelledLink>;

/** True for an absolute http: or https: URL with a host (nothing else may be stored). */
export function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
}

/** A label for an address without one: its host without `www.` ("youtube.com"). */
export function labelFromUrl(value: string): string {
  try {
    return new URL(value).hostname.replace(/^www\./, '').slice(0, LINK_LIMITS.labelMax);
  } catch {
    return value.slice(0, LINK_LIMITS.labelMax);
  }
}

/**
 * Links as a form's textarea holds them, one per line: `https://…` or `Label | https://…`.
 * Blank lines are skipped. Invalid lines are kept as they are, so validation names them.
 */
export function parseLinkLines(text: string): { label: string; url: string }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const bar = line.lastIndexOf('|');
      if (bar === -1) return { label: labelFromUrl(line), url: line };
      const url = line.slice(bar + 1).trim();
      const label = line.slice(0, bar).trim();
      return { label: label || labelFromUrl(url), url };
    });
}

/** The inverse of parseLinkLines, for an edit form. */
export function formatLinkLines(links: readonly { label: string; url: string }[]): string {
  return links
    .map((l) => (l.label === labelFromUrl(l.url) ? l.url : `${l.label} | ${l.url}`))
    .join('\n');
}
