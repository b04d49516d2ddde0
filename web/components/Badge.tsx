import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn.ts';
import {
  formatSafetyRating,
  LICENCE_CLASS_COLOURS,
  LICENCE_CLASS_NAMES,
  type LicenceClass,
} from '../lib/racing-format.ts';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'info';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-surface-muted text-ink ring-line-strong',
  accent: 'bg-accent-soft text-accent ring-accent/40',
  success: 'bg-success-soft text-success ring-success/40',
  warning: 'bg-warning-soft text-warning ring-warning/40',
  danger: 'bg-danger-soft text-danger ring-danger/40',
  info: 'bg-info-soft text-info ring-info/40',
};

const badgeBase =
  'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-semibold leading-none whitespace-nowrap ring-1 ring-inset tabular-nums';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return <span className={cn(badgeBase, tones[tone], className)} {...rest} />;
}

export { LICENCE_CLASSES, type LicenceClass } from '../lib/racing-format.ts';

export interface LicenceBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  licence: LicenceClass;
  /** Safety rating, shown with two decimals after the class letter. */
  safetyRating?: number | null;
}

/** "A 3.45" in the licence colour, read out as "Class A licence, safety rating 3.45". */
export function LicenceBadge({ licence, safetyRating, className, ...rest }: LicenceBadgeProps) {
  const rating = typeof safetyRating === 'number' ? formatSafetyRating(safetyRating) : null;
  const label = `${LICENCE_CLASS_NAMES[licence]} licence${rating ? `, safety rating ${rating}` : ''}`;
  return (
    <span
      className={cn(badgeBase, 'font-bold', LICENCE_CLASS_COLOURS[licence].badge, className)}
      aria-label={label}
      title={label}
      data-licence={licence}
      role="img"
      {...rest}
    >
      <span aria-hidden="true">{licence}</span>
      {rating && <span aria-hidden="true">{rating}</span>}
    </span>
  );
}
