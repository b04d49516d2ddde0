import type { ComponentType, ReactNode } from 'react';
import AdminLayout from './AdminLayout.tsx';
import AppLayout from './AppLayout.tsx';
import AuthLayout from './AuthLayout.tsx';

export type LayoutComponent = ComponentType<{ children: ReactNode }>;

/** Page-name prefixes and their layouts; the first match wins, everything else is AppLayout. */
const layoutsByPrefix: readonly (readonly [prefix: string, layout: LayoutComponent])[] = [
  ['Admin/', AdminLayout],
  ['Auth/', AuthLayout],
];

/**
 * The layout of an Inertia page, chosen by its component name (`Admin/Users` → AdminLayout,
 * `Auth/Login` → AuthLayout, anything else → AppLayout). The client and SSR entries pass it to
 * `createInertiaApp({ layout: layoutFor })`. A page that sets its own static `layout` wins over
 * this choice (Inertia's rule). The layout stays mounted across visits between pages that share
 * it, so its state (an open menu, scroll of the sidebar) survives navigation.
 */
export function layoutFor(pageName: string): LayoutComponent {
  for (const [prefix, layout] of layoutsByPrefix) {
    if (pageName.startsWith(prefix)) return layout;
  }
  return AppLayout;
}

export { AdminLayout, AppLayout, AuthLayout };
