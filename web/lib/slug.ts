/**
 * The slug the server would make from a title (the same rule as its `slugify`): accents folded
 * to ASCII, lowercase, runs of anything else become one hyphen, at most `max` characters.
 * Only a suggestion: the server decides, and an empty slug field is filled from the title there.
 */
export function suggestSlug(title: string, max = 120): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
}
