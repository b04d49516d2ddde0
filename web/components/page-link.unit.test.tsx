import { config, Link, router } from '@inertiajs/react';
import type { MouseEvent, ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageLink, type PageLinkProps } from './PageLink.tsx';

/** A click on the link as the browser reports it (left button, no modifier, no target). */
function click(overrides: Partial<Record<string, unknown>> = {}) {
  const event = {
    currentTarget: { tagName: 'A', target: '' },
    target: null,
    button: 0,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    defaultPrevented: false,
    preventDefault: vi.fn(),
    ...overrides,
  };
  return event;
}

type Handler = (event: unknown) => void;

/** The event handlers PageLink puts on its `<a>`. */
function handlersOf(
  props: PageLinkProps,
): Record<'onClick' | 'onMouseEnter' | 'onMouseLeave', Handler> {
  const element = PageLink(props) as ReactElement<Record<string, (e: MouseEvent) => void>>;
  const { onClick, onMouseEnter, onMouseLeave } = element.props;
  return { onClick, onMouseEnter, onMouseLeave } as Record<
    'onClick' | 'onMouseEnter' | 'onMouseLeave',
    Handler
  >;
}

/** The onClick PageLink puts on its `<a>`. */
function onClickOf(props: PageLinkProps): Handler {
  return handlersOf(props).onClick;
}

// Inertia's shouldIntercept asks whether the click's target is a content-editable HTMLElement;
// these tests run without a DOM.
beforeEach(() => {
  vi.stubGlobal('HTMLElement', class {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PageLink', () => {
  it('renders the markup Inertia’s <Link> renders for the same link (hydration matches)', () => {
    const props = {
      href: '/drivers/42?category=oval&races=abc',
      className: 'font-medium hover:underline',
      'aria-current': 'page' as const,
      'data-test': 'driver-link',
    };
    const ours = renderToString(<PageLink {...props}>Ada &amp; Lovelace</PageLink>);
    const theirs = renderToString(<Link {...props}>Ada &amp; Lovelace</Link>);
    expect(ours).toBe(theirs);
    expect(ours).toContain('href="/drivers/42?category=oval&amp;races=abc"');
  });

  it('visits the page through the Inertia router on a plain left click', () => {
    const visit = vi.spyOn(router, 'visit').mockImplementation(() => {});
    const event = click();
    onClickOf({ href: '/series/7/pace', preserveScroll: true, children: 'Pace' })(event);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(visit).toHaveBeenCalledWith('/series/7/pace', { preserveScroll: true });
  });

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['middle button', { button: 1 }],
    ['a target', { currentTarget: { tagName: 'A', target: '_blank' } }],
    ['an earlier handler that prevented it', { defaultPrevented: true }],
  ])('leaves a click with %s to the browser', (_name, overrides) => {
    const visit = vi.spyOn(router, 'visit').mockImplementation(() => {});
    const event = click(overrides);
    onClickOf({ href: '/drivers/1', children: 'D' })(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(visit).not.toHaveBeenCalled();
  });

  it('runs the caller’s onClick first', () => {
    vi.spyOn(router, 'visit').mockImplementation(() => {});
    const seen: string[] = [];
    onClickOf({ href: '/x', onClick: () => seen.push('caller'), children: 'x' })(click());
    expect(seen).toEqual(['caller']);
  });

  it('renders the markup of Inertia’s <Link prefetch> too', () => {
    const props = { href: '/series', className: 'block', 'data-test': 'nav-series' };
    const ours = renderToString(
      <PageLink {...props} prefetch>
        Series
      </PageLink>,
    );
    const theirs = renderToString(
      <Link {...props} prefetch>
        Series
      </Link>,
    );
    expect(ours).toBe(theirs);
  });
});

describe('PageLink prefetch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    config.replace({ prefetch: { hoverDelay: 75, cacheFor: 30_000 } });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const link = { tagName: 'A', target: '' };

  it('prefetches the page once the pointer has rested on the link for the hover delay', () => {
    const prefetch = vi.spyOn(router, 'prefetch').mockImplementation(() => {});
    const seen: string[] = [];
    const on = handlersOf({
      href: '/drivers',
      prefetch: true,
      preserveScroll: true,
      onMouseEnter: () => seen.push('caller'),
      children: 'Drivers',
    });
    on.onMouseEnter({ currentTarget: link });
    vi.advanceTimersByTime(74);
    expect(prefetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(prefetch).toHaveBeenCalledExactlyOnceWith(
      '/drivers',
      { preserveScroll: true },
      { cacheFor: 30_000 },
    );
    expect(seen).toEqual(['caller']);
  });

  it.each([
    ['leaving the link', 'onMouseLeave'],
    ['clicking it', 'onClick'],
  ] as const)('cancels the prefetch on %s before the delay', (_name, handler) => {
    vi.spyOn(router, 'visit').mockImplementation(() => {});
    const prefetch = vi.spyOn(router, 'prefetch').mockImplementation(() => {});
    const on = handlersOf({ href: '/series', prefetch: true, children: 'Series' });
    on.onMouseEnter({ currentTarget: link });
    vi.advanceTimersByTime(50);
    on[handler](click({ currentTarget: link }));
    vi.advanceTimersByTime(1000);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('prefetches nothing without `prefetch`', () => {
    const prefetch = vi.spyOn(router, 'prefetch').mockImplementation(() => {});
    const on = handlersOf({ href: '/series', children: 'Series' });
    on.onMouseEnter?.({ currentTarget: link });
    vi.advanceTimersByTime(1000);
    expect(prefetch).not.toHaveBeenCalled();
  });
});
