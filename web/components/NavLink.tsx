import type { ReactNode } from 'react';
import { useCurrentUrl } from '../hooks/use-current-url.ts';
import type { NavItem } from '../lib/navigation.ts';
import { PageLink } from './PageLink.tsx';

export interface NavLinkProps {
  item: NavItem;
  /** Classes for every state; `aria-[current]:` variants style the active one. */
  className?: string;
  /** Prefetch on hover (75 ms, cached 30 s: Inertia's defaults, spec §9). Default true. */
  prefetch?: boolean;
  /** Match only this exact path (for a section's root such as /admin). */
  sectionRoot?: boolean;
  children?: ReactNode;
}

/**
 * An Inertia link of a navigation list: `aria-current="page"` on its own page,
 * `aria-current="true"` on a page inside its section, `data-test="nav-<testId>"`. A `PageLink`
 * (Inertia's `<Link>` markup and hover prefetch, without its hooks): every page renders a dozen.
 */
export function NavLink({
  item,
  className,
  prefetch = true,
  sectionRoot = false,
  children,
}: NavLinkProps) {
  const { ariaCurrent } = useCurrentUrl();
  return (
    <PageLink
      href={item.href}
      prefetch={prefetch}
      aria-current={ariaCurrent(item.href, { sectionRoot })}
      className={className}
      data-test={`nav-${item.testId}`}
    >
      {children ?? item.label}
    </PageLink>
  );
}
