import { shouldIntercept } from '@inertiajs/core';
import { config, router } from '@inertiajs/react';
import { createElement, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export interface PageLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  /** Keep the scroll position after the visit (Inertia's `preserveScroll`). */
  preserveScroll?: boolean;
  /** Keep the page components' local state (Inertia's `preserveState`). */
  preserveState?: boolean;
  /**
   * Prefetch the page while the pointer rests on the link, as `<Link prefetch>` does (its
   * `hover` mode): after `prefetch.hoverDelay` ms, cached for `prefetch.cacheFor` ms (the app's
   * Inertia defaults, web/inertia/defaults.ts); leaving or clicking the link first cancels it.
   */
  prefetch?: boolean;
}

/** The pending hover prefetch of each link element (no hook: the link renders none). */
const hoverTimers = new WeakMap<EventTarget, ReturnType<typeof setTimeout>>();

function cancelHover(target: EventTarget): void {
  clearTimeout(hoverTimers.get(target));
  hoverTimers.delete(target);
}

/**
 * A link to another page of the app: the `<a href>` Inertia's `<Link>` renders, and on a plain
 * left click an Inertia visit of `href` (the router's GET, as `<Link>` makes it); a click with a
 * modifier key or another button, or on a link with a `target`, stays the browser's (Inertia's
 * own `shouldIntercept` decides); with `prefetch`, the page is prefetched on hover as `<Link
 * prefetch>` does. For the many links of tables, lists, the header and the footer: it runs no
 * hook, where `<Link>` runs about ten and parses its URL on every render, the dearest part of
 * rendering a page's links on the server (docs/benchmarks.md, "Where a page's CPU goes"). Use
 * `<Link>` for what this leaves out: other prefetch modes, other methods, data, the in-flight
 * `data-loading` attribute.
 */
export function PageLink(props: PageLinkProps) {
  const { href, prefetch, onClick } = props;
  const visit = (event: MouseEvent<HTMLAnchorElement>) => {
    if (prefetch) cancelHover(event.currentTarget);
    onClick?.(event);
    if (!shouldIntercept(event)) return;
    event.preventDefault();
    router.visit(href, visitOptions(props));
  };
  // The `<a>`'s props: the caller's attributes in their order, then href and the handlers. Built
  // key by key rather than with a rest pattern and a spread: V8 copies objects of a shape it has
  // not met (each combination of a link's attributes is one) through its slow path, some
  // microseconds per link, and a page renders dozens of links.
  const anchor: Record<string, unknown> = {};
  for (const key in props) {
    if (!ownProps.has(key)) anchor[key] = props[key as keyof PageLinkProps];
  }
  anchor.href = href;
  anchor.onClick = visit;
  if (!prefetch) {
    anchor.onMouseEnter = props.onMouseEnter;
    anchor.onMouseLeave = props.onMouseLeave;
    return createElement('a', anchor);
  }
  anchor.onMouseEnter = (event: MouseEvent<HTMLAnchorElement>) => {
    props.onMouseEnter?.(event);
    const target = event.currentTarget;
    cancelHover(target);
    hoverTimers.set(
      target,
      setTimeout(() => {
        hoverTimers.delete(target);
        router.prefetch(href, visitOptions(props), {
          cacheFor: config.get('prefetch.cacheFor'),
        });
      }, config.get('prefetch.hoverDelay')),
    );
  };
  anchor.onMouseLeave = (event: MouseEvent<HTMLAnchorElement>) => {
    props.onMouseLeave?.(event);
    cancelHover(event.currentTarget);
  };
  return createElement('a', anchor);
}

/** PageLink's own props, which are not attributes of its `<a>`. */
const ownProps = new Set<string>([
  'href',
  'preserveScroll',
  'preserveState',
  'prefetch',
  'onClick',
  'onMouseEnter',
  'onMouseLeave',
]);

/** The options of the visit (and prefetch) of a link. */
function visitOptions({ preserveScroll, preserveState }: PageLinkProps) {
  return {
    ...(preserveScroll ? { preserveScroll } : {}),
    ...(preserveState ? { preserveState } : {}),
  };
}
