import { usePage } from '@inertiajs/react';
import {
  PRODUCT_NAME,
  type AuthUser,
  type FlashKind,
  type FlashMessages,
} from '../lib/shared-props.ts';

export interface ShellProps {
  appName: string;
  user: AuthUser | null;
  /** The flash messages the shell can show, as strings. */
  flash: FlashMessages;
}

const FLASH_KINDS: readonly FlashKind[] = ['success', 'error', 'warning', 'info'];

/**
 * The shared props the layouts need, with safe defaults (signed out, no flash, the product
 * name): an error page rendered outside the normal middleware may have none of them. Flash is
 * read from `props.flash` and from the v3 page object's `flash`, whichever the server fills.
 */
export function useShellProps(): ShellProps {
  const page = usePage();
  const props = page.props as Partial<Record<string, unknown>>;
  const auth = props['auth'] as { user?: AuthUser | null } | undefined;
  const appName = props['appName'];
  return {
    appName: typeof appName === 'string' && appName !== '' ? appName : PRODUCT_NAME,
    user: auth?.user ?? null,
    flash: { ...flashStrings(page.flash), ...flashStrings(props['flash']) },
  };
}

function flashStrings(value: unknown): FlashMessages {
  const out: FlashMessages = {};
  if (typeof value !== 'object' || value === null) return out;
  const record = value as Record<string, unknown>;
  for (const kind of FLASH_KINDS) {
    const message = record[kind];
    if (typeof message === 'string' && message !== '') out[kind] = message;
  }
  return out;
}
