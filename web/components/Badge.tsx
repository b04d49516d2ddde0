import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn.ts';

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

/** iRacing licence classes, lowest to highest: Rookie, D, C, B, A, Pro. */
export type LicenceClass = 'R' | 'D' | 'C' | 'B' | 'A' | 'P';

export const LICENCE_CLASSES: readonly LicenceClass[] = ['R', 'D', 'C', 'B', 'A', 'P'];

const licenceNames: Record<LicenceClass, string> = {
  R: 'Rookie',
  D: 'Class D',
  C: 'Class C',
  B: 'Class B',
  A: 'Class A',
  P: 'Pro',
};

/** The sim's licence colours; each text colour keeps ≥ 4.5:1 contrast on its fill. */
const licenceColours: Record<LicenceClass, string> = {
  R: 'bg-red-700 text-white ring-red-800',
  D: 'bg-orange-500 text-zinc-950 ring-orange-600',
  C: 'bg-yellow-400 text-zinc-950 ring-yellow-500',
  B: 'bg-green-500 text-zinc-950 ring-green-600',
  A: 'bg-blue-700 text-white ring-blue-800',
  P: 'bg-zinc-900 text-white ring-zinc-600',
};

export interface LicenceBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  licence: LicenceClass;
  /** Safety rating, shown with two decimals after the class letter. */
  safetyRating?: number | null;
}

/** "A 3.45" in the licence colour, read out as "Class A licence, safety rating 3.45". */
export function LicenceBadge({ licence, safetyRating, className, ...rest }: LicenceBadgeProps) {
  const rating = typeof safetyRating === 'number' ? safetyRating.toFixed(2) : null;
  const label = `${licenceNames[licence]} licence${rating ? `, safety rating ${rating}` : ''}`;
  return (
    <span
      className={cn(badgeBase, 'font-bold', licenceColours[licence], className)}
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
