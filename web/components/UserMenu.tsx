import { usePage } from '@inertiajs/react';
import { ChevronDown, LogOut, Settings, Shield, Star } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useShellProps } from '../hooks/use-shell-props.ts';
import { accountPaths } from '../lib/navigation.ts';
import { cn } from '../lib/cn.ts';
import { PageLink } from './PageLink.tsx';

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * Signed out: "Sign in" and "Register" links. Signed in: a disclosure button with the user's
 * name that opens a list of account links (Settings, Favorites, Admin for admins, Log out).
 * The list closes on Escape (focus returns to the button), on a click outside and on
 * navigation. `data-test`: `login-link`, `register-link`, `user-menu-button`, `user-menu`,
 * `user-menu-settings`, `user-menu-favorites`, `user-menu-admin`, `logout-link`.
 */
export function UserMenu({ tone = 'header' }: { tone?: 'header' | 'plain' }) {
  const { user } = useShellProps();
  const { url } = usePage();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === url; // a visit to another page closes the menu
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpenAt(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenAt(null);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const onHeader = tone === 'header';

  if (!user) {
    return (
      <div className="flex items-center gap-1">
        <PageLink
          href={accountPaths.login}
          className={cn(
            'rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap sm:px-3',
            onHeader ? 'text-on-header hover:bg-white/10' : 'text-ink hover:bg-surface-muted',
          )}
          data-test="login-link"
        >
          Sign in
        </PageLink>
        <PageLink
          href={accountPaths.register}
          className="rounded-md bg-accent px-2.5 py-1.5 text-sm font-semibold whitespace-nowrap text-on-accent hover:bg-accent-hover sm:px-3"
          data-test="register-link"
        >
          Register
        </PageLink>
      </div>
    );
  }

  const itemClass =
    'flex w-full items-center gap-2 rounded px-2.5 py-2 text-sm text-ink hover:bg-surface-muted';

  return (
    <div className="relative" ref={container}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpenAt(open ? null : url)}
        className={cn(
          'flex items-center gap-2 rounded-md py-1 pr-2 pl-1 text-sm font-medium',
          onHeader ? 'text-on-header hover:bg-white/10' : 'text-ink hover:bg-surface-muted',
        )}
        data-test="user-menu-button"
      >
        <span
          aria-hidden="true"
          className="inline-flex size-7 items-center justify-center rounded-full bg-accent text-xs font-bold text-on-accent"
        >
          {initials(user.displayName)}
        </span>
        <span className="hidden max-w-40 truncate sm:inline">{user.displayName}</span>
        <span className="sr-only sm:hidden">{user.displayName}</span>
        <span className="sr-only">, account menu</span>
        <ChevronDown aria-hidden="true" className="size-4 opacity-70" />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-56 rounded-lg border border-line bg-surface p-1 shadow-lg"
        data-test="user-menu"
      >
        <p className="truncate px-2.5 py-2 text-xs text-ink-muted">
          Signed in as <span className="font-semibold text-ink">{user.displayName}</span>
        </p>
        <ul className="border-t border-line pt-1">
          <li>
            <PageLink
              href={accountPaths.settings}
              className={itemClass}
              data-test="user-menu-settings"
            >
              <Settings aria-hidden="true" className="size-4" /> Settings
            </PageLink>
          </li>
          <li>
            <PageLink
              href={accountPaths.favorites}
              className={itemClass}
              data-test="user-menu-favorites"
            >
              <Star aria-hidden="true" className="size-4" /> Favorites
            </PageLink>
          </li>
          {user.role === 'admin' && (
            <li>
              <PageLink href={accountPaths.admin} className={itemClass} data-test="user-menu-admin">
                <Shield aria-hidden="true" className="size-4" /> Admin
              </PageLink>
            </li>
          )}
          <li className="mt-1 border-t border-line pt-1">
            {/* A plain form POST (never a GET, which another site could trigger), answered
                by a full page load: it drops every cached and prefetched page of the
                signed-in user along with the session. */}
            <form method="post" action={accountPaths.logoutSubmit}>
              <button type="submit" className={itemClass} data-test="logout-link">
                <LogOut aria-hidden="true" className="size-4" /> Log out
              </button>
            </form>
          </li>
        </ul>
      </div>
    </div>
  );
}
