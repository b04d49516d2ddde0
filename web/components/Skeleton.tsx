import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * A grey placeholder block for content that is loading (deferred props, queries). Size it
 * with classes (`h-4 w-24`). Hidden from assistive technology: announce loading once on the
 * container instead (`aria-busy="true"` or `<SkeletonRows label=…>`).
 */
export function Skeleton({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded bg-surface-muted', className)}
      data-test="skeleton"
      {...rest}
    />
  );
}

/** Placeholder lines for a loading table or list, announced once as `label`. */
export function SkeletonRows({
  rows = 5,
  label = 'Loading…',
  className,
}: {
  rows?: number;
  label?: string;
  className?: string;
}) {
  return (
    <div role="status" aria-busy="true" className={cn('grid gap-2', className)}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={cn('h-7', i % 3 === 2 ? 'w-3/4' : 'w-full')} />
      ))}
    </div>
  );
}
