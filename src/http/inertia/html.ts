import type { PageObject } from './page.ts';

/**
 * Serialises the page object for `<script type="application/json">`. The JSON can never close
 * the element or open another: `/` → `\/` and `<` → `\u003c` (so no `</script` or `<!--`),
 * and U+2028/U+2029 are escaped too, so the text stays valid if anyone ever inlines it as JS.
 * JSON.parse reads all four escapes back to the original characters.
 */
export function serializePage(page: PageObject): string {
  return JSON.stringify(page)
    .replace(/\//g, '\\/')
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** What the SSR entry (web/ssr.tsx) returns for one page object. */
export interface SsrResult {
  /** Head tags from `<Head>` during SSR. */
  head: string[];
  /** The app's server-rendered markup: the content of `<div id="app">`. */
  markup: string;
}

export interface DocumentParts {
  page: PageObject;
  /** The app's server-rendered markup (SsrResult.markup), or null for a client-only shell. */
  markup: string | null;
  /** Head tags from `<Head>` during SSR. */
  head: string[];
  /** Script/style tags for the client bundle. */
  assetTags: string;
  /** Used as <title> when no `<Head>` title was rendered. */
  defaultTitle: string;
  /** Trusted markup for the top of <head> (the theme init script, with this response's nonce). */
  headStart?: string;
}

/** The full HTML document of a first visit. */
export function renderDocument(parts: DocumentParts): string {
  const headTags = parts.head.join('\n    ');
  const hasTitle = parts.head.some((tag) => /^<title[\s>]/i.test(tag.trim()));
  const title = hasTitle ? '' : `<title>${escapeHtml(parts.defaultTitle)}</title>\n    `;
  const root =
    parts.markup === null
      ? '<div id="app"></div>'
      : `<div data-server-rendered="true" id="app">${parts.markup}</div>`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    ${parts.headStart ? `${parts.headStart}\n    ` : ''}${title}${headTags}
    ${parts.assetTags}
  </head>
  <body>
    <script data-page="app" type="application/json">${serializePage(parts.page)}</script>${root}
  </body>
</html>
`;
}
