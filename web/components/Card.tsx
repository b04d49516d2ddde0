import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Heading shown in the card's header bar. */
  title?: ReactNode;
  /** Heading level of `title` (default 2). */
  headingLevel?: 2 | 3 | 4;
  /** Controls at the right of the header (links, filters). */
  actions?: ReactNode;
  /** Removes the body padding, for a table that should touch the card's edges. */
  flush?: boolean;
}

/** A bordered panel; a `section` when it has a title (so it is a labelled region), else a div. */
export function Card({
  title,
  headingLevel = 2,
  actions,
  flush = false,
  className,
  children,
  ...rest
}: CardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const classes = cn(
    'min-w-0 overflow-hidden rounded-lg border border-line bg-surface shadow-xs',
    className,
  );
  const body = <div className={cn(!flush && 'p-4 sm:p-5')}>{children}</div>;
  if (title === undefined) {
    return (
      <div className={classes} {...rest}>
        {body}
      </div>
    );
  }
  return (
    <section className={classes} aria-labelledby={headingId} {...rest}>
      <header className="flex items-center justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
        <Heading id={headingId} className="text-sm font-semibold tracking-wide text-ink uppercase">
          {title}
        </Heading>
        {actions && <div className="flex items-center gap-2">{actions}</div>}
      </header>
      {body}
    </section>
  );
}
