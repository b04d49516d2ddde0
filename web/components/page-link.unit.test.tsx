import { Link, router } from '@inertiajs/react';
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

/** The onClick PageLink puts on its `<a>`. */
function onClickOf(props: PageLinkProps): (event: unknown) => void {
  const element = PageLink(props) as ReactElement<{ onClick: (e: MouseEvent) => void }>;
  return element.props.onClick as (event: unknown) => void;
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
});
