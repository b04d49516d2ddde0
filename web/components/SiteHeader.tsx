import { useId } from 'react';
import { useNavDisclosure } from '../hooks/use-disclosure.ts';
import { cn } from '../lib/cn.ts';
import { accountPaths, publicNav } from '../lib/navigation.ts';
import { AppLogo } from './AppLogo.tsx';
import { MenuButton } from './MenuButton.tsx';
import { NavLink } from './NavLink.tsx';
import { PageLink } from './PageLink.tsx';
import { SearchBox } from './SearchBox.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { UserMenu } from './UserMenu.tsx';

/**
 * The public site header: brand, search, theme, account; below it the main navigation to
 * every public area. On phones and tablets the navigation and the search move into a panel
 * that the menu button opens. The header bar is dark in both themes.
 */
export function SiteHeader() {
  const panelId = useId();
  const menu = useNavDisclosure();
  return (
    <header className="sticky top-0 z-30 bg-header text-on-header shadow-sm">
      <div className="h-0.5 bg-brand" aria-hidden="true" />
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <MenuButton
          open={menu.open}
          controls={panelId}
          onToggle={menu.toggle}
          className="-ml-2 text-on-header hover:bg-white/10 lg:hidden"
        />
        <PageLink
          href={accountPaths.home}
          prefetch
          className="flex items-center rounded-md"
          data-test="home-link"
        >
          <AppLogo />
          <span className="sr-only">, home</span>
        </PageLink>
        <SearchBox className="ml-auto hidden w-full max-w-xs md:block" />
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <ThemeToggle className="text-on-header-muted hover:bg-white/10 hover:text-on-header" />
          <UserMenu />
        </div>
      </div>
      <nav
        id={panelId}
        aria-label="Main"
        className={cn('border-t border-white/10 lg:block', menu.open ? 'block' : 'hidden')}
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SearchBox className="py-3 md:hidden" />
          <ul className="flex flex-col py-2 lg:flex-row lg:items-stretch lg:gap-1 lg:py-0">
            {publicNav.map((item) => (
              <li key={item.href}>
                <NavLink
                  item={item}
                  className="block rounded-md px-3 py-2 text-sm font-medium text-on-header-muted hover:bg-white/10 hover:text-on-header aria-[current]:bg-white/10 aria-[current]:text-on-header lg:rounded-none lg:border-b-2 lg:border-transparent lg:px-2.5 lg:py-2.5 lg:hover:bg-transparent lg:aria-[current]:border-brand lg:aria-[current]:bg-transparent xl:px-3"
                />
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </header>
  );
}
