import { Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** A call to action (a ButtonLink, a reset-filters button). */
  action?: ReactNode;
  icon?: LucideIcon;
  /** Heading level of `title` (default 2). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** "Nothing here" with a reason and, when there is one, a next step. `data-test="empty-state"`. */
export function EmptyState({
  title,
  description,
  action,
  icon: Icon = Inbox,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border border-dashed border-line-strong px-6 py-12 text-center',
        className,
      )}
      data-test="empty-state"
    >
      <Icon aria-hidden="true" className="size-8 text-ink-muted" />
      <Heading className="text-base font-semibold text-ink">{title}</Heading>
      {description && <p className="max-w-prose text-sm text-ink-muted">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
