import { PageLink } from './PageLink.tsx';
import * as chevronLeft from 'lucide-react/icons/chevron-left';
import * as chevronRight from 'lucide-react/icons/chevron-right';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { staticIcon } from './static-icon.ts';
import { pageWindow } from '../lib/pagination.ts';

const prevIcon = staticIcon(chevronLeft, 'size-4');
const nextIcon = staticIcon(chevronRight, 'size-4');

/**
 * Either links (`href`: server-paged Inertia lists; each page is a URL, back/forward work) or
 * buttons (`onPageChange`: client-paged data such as a TanStack query).
 */
export type PaginationTarget =
  | { href: (page: number) => string; onPageChange?: never }
  | { onPageChange: (page: number) => void; href?: never };

export type PaginationProps = {
  /** 1-based. */
  page: number;
  pageCount: number;
  /** Names the navigation landmark (default "Pagination"); name it when a page has two. */
  label?: string;
  className?: string;
} & PaginationTarget;

const itemBase =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm font-medium tabular-nums';

/**
 * Previous / numbered pages / next. The current page is `aria-current="page"`; unavailable
 * previous/next are shown disabled, not removed, so the controls don't jump.
 * `data-test`: `pagination`, `pagination-prev`, `pagination-next`, `pagination-page-<n>`.
 */
export function Pagination(props: PaginationProps) {
  const { page, pageCount, label = 'Pagination', className } = props;
  if (pageCount <= 1) return null;
  const slots = pageWindow(page, pageCount);

  const item = (target: number, content: ReactNode, testId: string, ariaLabel?: string) => {
    const current = target === page;
    const classes = cn(
      itemBase,
      current ? 'bg-accent text-on-accent' : 'text-ink hover:bg-surface-muted',
    );
    if (props.href) {
      return (
        <PageLink
          href={props.href(target)}
          className={classes}
          aria-current={current ? 'page' : undefined}
          aria-label={ariaLabel}
          data-test={testId}
        >
          {content}
        </PageLink>
      );
    }
    const onPageChange = props.onPageChange;
    return (
      <button
        type="button"
        onClick={() => onPageChange(target)}
        className={classes}
        aria-current={current ? 'page' : undefined}
        aria-label={ariaLabel}
        data-test={testId}
      >
        {content}
      </button>
    );
  };

  const disabled = (content: ReactNode, testId: string, ariaLabel: string) => (
    <span
      className={cn(itemBase, 'text-ink-muted opacity-50')}
      aria-disabled="true"
      aria-label={ariaLabel}
      role="link"
      data-test={testId}
    >
      {content}
    </span>
  );

  return (
    <nav
      aria-label={label}
      className={cn('flex items-center justify-center', className)}
      data-test="pagination"
    >
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {page > 1
            ? item(page - 1, prevIcon, 'pagination-prev', 'Previous page')
            : disabled(prevIcon, 'pagination-prev', 'Previous page')}
        </li>
        {slots.map((slot, index) =>
          slot === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={slot}>{item(slot, slot, `pagination-page-${slot}`, `Page ${slot}`)}</li>
          ),
        )}
        <li>
          {page < pageCount
            ? item(page + 1, nextIcon, 'pagination-next', 'Next page')
            : disabled(nextIcon, 'pagination-next', 'Next page')}
        </li>
      </ul>
    </nav>
  );
}
