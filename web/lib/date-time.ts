/**
 * Dates of the admin pages. Admin pages render only in the browser, so the visitor's own time
 * zone is used (no server/client mismatch to avoid); the <time> element carries the instant.
 */
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
