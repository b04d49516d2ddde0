import { router } from '@inertiajs/react';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { useShellProps } from '../hooks/use-shell-props.ts';
import { accountPaths } from '../lib/navigation.ts';
import { cn } from '../lib/cn.ts';
import { PageLink } from './PageLink.tsx';

export interface StarToggleProps {
  driverId: string | number;
  /** Whether the driver is a favorite according to the server. */
  initial: boolean;
  /** Driver name for the accessible label ("Add Max Verstappen to favorites"). */
  driverName?: string;
  className?: string;
}

/**
 * Favorite-driver toggle (a pressed/unpressed button named "Favorite <driver>"). Optimistic: the star flips at once, then POST /favorites (add) or
 * DELETE /favorites (remove) with `{driverId}` runs as an Inertia visit that keeps scroll and
 * state; on a validation error, an HTTP error or a network error the star flips back. While a
 * request is in flight further clicks are ignored, so the server sees one change at a time.
 * When the server later sends a new `initial`, it wins over the local guess.
 * Signed out, it is a link to the sign-in page instead.
 * `data-test="favorite-toggle"`, with `data-state="on|off"`.
 */
export function StarToggle(props: StarToggleProps) {
  const { user } = useShellProps();
  if (user) return <MemberStarToggle {...props} />;
  // Signed out: a link to the sign-in page. A plain PageLink, without the member's state hooks
  // or Inertia's <Link> (about ten hooks per render): a list renders one per row.
  const who = props.driverName ?? 'this driver';
  return (
    <PageLink
      href={accountPaths.login}
      className={cn(starClasses(false), props.className)}
      aria-label={`Sign in to add ${who} to favorites`}
      title="Sign in to save favorites"
      data-test="favorite-toggle"
      data-state="off"
    >
      <Star aria-hidden="true" className="size-4" />
    </PageLink>
  );
}

const starClasses = (favorited: boolean) =>
  cn(
    'inline-flex size-8 items-center justify-center rounded-md transition-colors hover:bg-surface-muted',
    favorited ? 'text-amber-500 dark:text-amber-400' : 'text-ink-muted hover:text-ink',
  );

/** The signed-in member's toggle, with its optimistic state. */
function MemberStarToggle({ driverId, initial, driverName, className }: StarToggleProps) {
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const [pending, setPending] = useState(false);
  const [seenInitial, setSeenInitial] = useState(initial);
  if (seenInitial !== initial) {
    // The server's answer arrived: drop the local guess (React's "adjust state on prop change").
    setSeenInitial(initial);
    setOptimistic(null);
  }
  const favorited = optimistic ?? initial;
  const who = driverName ?? 'this driver';
  // A toggle keeps one name; its state is `aria-pressed`. The tooltip says what a click does.
  const label = `Favorite ${who}`;
  const hint = favorited ? 'Remove from favorites' : 'Add to favorites';
  const classes = cn(starClasses(favorited), className);

  const toggle = () => {
    if (pending) return;
    const next = !favorited;
    const revert = () => setOptimistic(!next);
    setOptimistic(next);
    setPending(true);
    const options = {
      preserveScroll: true,
      preserveState: true,
      onError: revert,
      onHttpException: revert,
      onNetworkError: revert,
      onFinish: () => setPending(false),
    };
    if (next) router.post(accountPaths.favoritesStore, { driverId }, options);
    else router.delete(accountPaths.favoritesDestroy, { ...options, data: { driverId } });
  };

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={favorited}
      aria-label={label}
      title={hint}
      aria-busy={pending || undefined}
      className={classes}
      data-test="favorite-toggle"
      data-state={favorited ? 'on' : 'off'}
    >
      <Star aria-hidden="true" className={cn('size-4', favorited && 'fill-current')} />
    </button>
  );
}
