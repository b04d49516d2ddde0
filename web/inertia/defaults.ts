import type { Page } from '@inertiajs/core';
import { PRODUCT_NAME } from '../lib/shared-props.ts';

/**
 * Client settings from the spec (§9), shared by the client and SSR entries:
 * progress bar after 250 ms in #5468FF without spinner; `<Link prefetch>` on hover after
 * 75 ms, cached 30 s (click-only prefetch is not cached: Inertia's rule for `prefetch="click"`);
 * `useForm().recentlySuccessful` for 2 s.
 */
export const progress = { delay: 250, color: '#5468FF', showSpinner: false } as const;

export const defaults = {
  prefetch: { hoverDelay: 75, cacheFor: 30_000 },
  form: { recentlySuccessfulDuration: 2000 },
};

/** `<Head title="Drivers">` → "Drivers · Pitwall"; no title → the product name (spec §1). */
export function pageTitle(title: string, page: Page): string {
  const appName =
    typeof page.props.appName === 'string' && page.props.appName !== ''
      ? page.props.appName
      : PRODUCT_NAME;
  return title ? `${title} · ${appName}` : appName;
}
