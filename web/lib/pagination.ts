export type PageSlot = number | 'gap';

/**
 * The page numbers a pager shows: always the first and last page, `siblings` pages either side
 * of the current one, and a gap where pages are left out. A gap never stands for a single page
 * (that page is shown instead), so the number of slots is stable while paging.
 * Pages are 1-based; `current` is clamped into 1..last.
 */
export function pageWindow(current: number, last: number, siblings = 1): PageSlot[] {
  if (last <= 1) return last === 1 ? [1] : [];
  const page = Math.min(Math.max(1, Math.trunc(current)), last);
  // first + last + current + 2·siblings + 2 gaps
  const totalSlots = 2 * siblings + 5;
  if (last <= totalSlots) return range(1, last);

  const leftSibling = Math.max(page - siblings, 1);
  const rightSibling = Math.min(page + siblings, last);
  const showLeftGap = leftSibling > 3;
  const showRightGap = rightSibling < last - 2;
  const edgeCount = 3 + 2 * siblings;

  if (!showLeftGap) return [...range(1, edgeCount), 'gap', last];
  if (!showRightGap) return [1, 'gap', ...range(last - edgeCount + 1, last)];
  return [1, 'gap', ...range(leftSibling, rightSibling), 'gap', last];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * The query of a filtered, paged list: the filter unless it is `all` (the default) and the
 * page unless it is the first, so the list's canonical URL has no query at all.
 */
export function filterPageQuery(filter: string, page = 1): { status?: string; page?: number } {
  return {
    ...(filter === 'all' ? {} : { status: filter }),
    ...(page > 1 ? { page } : {}),
  };
}
