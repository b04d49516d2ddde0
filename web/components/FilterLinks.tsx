import { PageLink } from './PageLink.tsx';
import { cn } from '../lib/cn.ts';

export interface FilterOption<Value extends string> {
  value: Value;
  label: string;
}

export interface FilterLinksProps<Value extends string> {
  /** Names the navigation landmark ("Filter by status"). */
  label: string;
  options: readonly FilterOption<Value>[];
  current: Value;
  href: (value: Value) => string;
  /** How many items each option holds, shown after its label. */
  counts?: Readonly<Record<Value, number>>;
  className?: string;
}

/**
 * The filters of a list as links (each filter is a URL, back/forward work), the current one
 * `aria-current="page"`. `data-test`: `filter-<value>`.
 */
export function FilterLinks<Value extends string>({
  label,
  options,
  current,
  href,
  counts,
  className,
}: FilterLinksProps<Value>) {
  return (
    <nav aria-label={label} className={cn('flex flex-wrap gap-1', className)}>
      {options.map((option) => (
        <PageLink
          key={option.value}
          href={href(option.value)}
          preserveScroll
          aria-current={current === option.value ? 'page' : undefined}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium',
            current === option.value
              ? 'bg-accent-soft text-accent'
              : 'text-ink-muted hover:bg-surface-muted hover:text-ink',
          )}
          data-test={`filter-${option.value}`}
        >
          {option.label}
          {counts && (
            <>
              {' '}
              <span className="tabular-nums">({counts[option.value]})</span>
            </>
          )}
        </PageLink>
      ))}
    </nav>
  );
}
