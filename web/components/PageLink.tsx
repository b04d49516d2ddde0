import { shouldIntercept } from '@inertiajs/core';
import { router } from '@inertiajs/react';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

export interface PageLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  /** Keep the scroll position after the visit (Inertia's `preserveScroll`). */
  preserveScroll?: boolean;
  /** Keep the page components' local state (Inertia's `preserveState`). */
  preserveState?: boolean;
}

/**
 * A link to another page of the app: the `<a href>` Inertia's `<Link>` renders, and on a plain
 * left click an Inertia visit of `href` (the router's GET, as `<Link>` makes it); a click with a
 * modifier key or another button, or on a link with a `target`, stays the browser's (Inertia's
 * own `shouldIntercept` decides). For the many links of tables and lists: it runs no hook, where
 * `<Link>` runs about ten and parses its URL on every render, the dearest part of rendering a
 * table on the server (docs/benchmarks.md, "Where a page's CPU goes"). Use `<Link>` for what
 * this leaves out: prefetching, other methods, data, the in-flight `data-loading` attribute.
 */
export function PageLink({
  href,
  preserveScroll,
  preserveState,
  onClick,
  ...props
}: PageLinkProps) {
  const visit = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!shouldIntercept(event)) return;
    event.preventDefault();
    router.visit(href, {
      ...(preserveScroll ? { preserveScroll } : {}),
      ...(preserveState ? { preserveState } : {}),
    });
  };
  return <a {...props} href={href} onClick={visit} />;
}
