/**
 * Dates of news articles. Formatted in UTC with a fixed locale, so the server-rendered HTML and
 * the hydrated client produce the same text whatever the visitor's time zone (no hydration
 * mismatch); the <time> element carries the exact instant for machines.
 */
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export function formatArticleDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function readingTime(minutes: number): string {
  return `${minutes} min read`;
}

/**
 * Typography for sanitized article HTML (the design system has no prose plugin): spacing,
 * headings, lists, quotes, code, tables and links, in the theme's colours.
 */
export const articleBodyClasses = [
  'text-base leading-7 text-ink',
  '[&_p]:my-4 [&_ul]:my-4 [&_ol]:my-4 [&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6 [&_li]:my-1',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_h4]:mt-5 [&_h4]:mb-2 [&_h4]:font-semibold',
  '[&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-accent-hover',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-line-strong [&_blockquote]:pl-4 [&_blockquote]:text-ink-muted',
  '[&_code]:rounded [&_code]:bg-surface-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm',
  '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-surface-muted [&_pre]:p-4 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_table]:my-4 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-sm',
  '[&_th]:border-b [&_th]:border-line-strong [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold',
  '[&_td]:border-b [&_td]:border-line [&_td]:px-3 [&_td]:py-2 [&_td]:tabular-nums',
  '[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-md',
  '[&_hr]:my-8 [&_hr]:border-line',
].join(' ');
