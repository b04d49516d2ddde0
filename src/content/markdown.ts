import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown → HTML for content that authors write (news articles).
 *
 * Guarantees of `renderMarkdown` (proved by markdown.unit.test.ts with hostile inputs):
 *  - no executable markup survives: no <script>/<style>/<iframe>/<object>/<form> element, no
 *    `on*` handler attribute, no `style` attribute;
 *  - URLs are http(s)/mailto or relative; `javascript:`, `vbscript:` and every `data:` URL
 *    (images included) are dropped, as are protocol-relative `//host` URLs;
 *  - links to another host get rel="noopener noreferrer nofollow"; relative links keep no rel;
 *  - `<h1>` becomes `<h2>`: the page's own title is the only h1 (accessible outline).
 * Raw HTML inside the markdown is allowed through the same allowlist, so authors can write a
 * `<kbd>` or a table by hand but never anything the list does not name.
 */

const marked = new Marked({ gfm: true, breaks: false, async: false });

const EXTERNAL_REL = 'noopener noreferrer nofollow';

const allowedTags = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'del',
  's',
  'code',
  'pre',
  'kbd',
  'sub',
  'sup',
  'mark',
  'blockquote',
  'ul',
  'ol',
  'li',
  'input',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** An http(s) URL points away from the site (other schemes are removed by the allowlist). */
function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href.trim());
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags,
  disallowedTagsMode: 'discard',
  // script/style/textarea text would otherwise leak through as visible text; drop it entirely.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'template'],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    code: ['class'],
    input: ['type', 'checked', 'disabled'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const { rel: _authorRel, ...rest } = attribs;
      const href = rest.href ?? '';
      return {
        tagName,
        attribs: isExternal(href) ? { ...rest, rel: EXTERNAL_REL } : rest,
      };
    },
    // GFM task-list checkboxes are the only inputs kept, and they are never interactive.
    input: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.type === 'checkbox'
          ? {
              type: 'checkbox',
              disabled: '',
              ...(attribs.checked !== undefined ? { checked: '' } : {}),
            }
          : {},
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
};

/** Renders author markdown to sanitized HTML (see the module's guarantees). Pure and synchronous. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return sanitizeHtml(html, sanitizeOptions).trim();
}

/** The rel of a link in what members write: not endorsed, user-generated, no window.opener. */
export const UGC_REL = 'nofollow ugc noopener';

const ugcOptions: sanitizeHtml.IOptions = {
  ...sanitizeOptions,
  // No images (no tracking pixels, no hot-linked banners) and no raw-HTML inputs.
  allowedTags: allowedTags.filter((t) => t !== 'img' && t !== 'input'),
  allowedSchemes: ['http', 'https'],
  transformTags: {
    ...sanitizeOptions.transformTags,
    // Only absolute http(s) links stay links; anything else becomes its text.
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      if (!isExternal(href)) return { tagName: 'span', attribs: {} };
      return {
        tagName,
        attribs: { href, ...(attribs.title ? { title: attribs.title } : {}), rel: UGC_REL },
      };
    },
  },
  allowedAttributes: { ...sanitizeOptions.allowedAttributes, span: [] },
};

/**
 * Markdown that members write (recruitment profiles): the guarantees of `renderMarkdown`, and
 * stricter: links only to absolute http(s) addresses, each with rel="nofollow ugc noopener";
 * no images.
 */
export function renderUserMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return sanitizeHtml(html, {
    ...ugcOptions,
    allowedTags: [...(ugcOptions.allowedTags || []), 'span'],
  }).trim();
}

/**
 * Plain text of rendered markdown, whitespace collapsed, cut at a word boundary to at most
 * `maxLength` characters (an ellipsis marks a cut). For summaries, meta descriptions and search.
 */
export function markdownToPlainText(
  markdown: string,
  maxLength = Number.POSITIVE_INFINITY,
): string {
  const html = marked.parse(markdown, { async: false });
  const text = sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: sanitizeOptions.nonTextTags,
  })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&') // last, so "&amp;lt;" becomes the literal text "&lt;"
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, Math.max(0, maxLength - 1));
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** Estimated reading time in whole minutes (≥ 1) at 220 words a minute. */
export function readingMinutes(markdown: string): number {
  const words = markdownToPlainText(markdown).split(' ').filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}
