import { Link } from '@inertiajs/react';
import { ExternalLink } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { AppLogo } from '../components/AppLogo.tsx';
import { FlashMessages } from '../components/FlashMessages.tsx';
import { MenuButton } from '../components/MenuButton.tsx';
import { NavLink } from '../components/NavLink.tsx';
import { SkipLink } from '../components/SkipLink.tsx';
import { ThemeToggle } from '../components/ThemeToggle.tsx';
import { UserMenu } from '../components/UserMenu.tsx';
import { useNavDisclosure } from '../hooks/use-disclosure.ts';
import { cn } from '../lib/cn.ts';
import { adminNav } from '../lib/navigation.ts';
import { route } from '../generated/routes.ts';

/**
 * The admin area (client-rendered only): a top bar and a sidebar with every admin section.
 * On phones the sidebar is a panel opened by the menu button. Admin links are not prefetched:
 * admin pages are cheap to skip and often change data.
 */
export default function AdminLayout({ children }: { children: ReactNode }) {
  const sidebarId = useId();
  const menu = useNavDisclosure();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 bg-header text-on-header shadow-sm">
        <div className="h-0.5 bg-brand" aria-hidden="true" />
        <div className="flex h-14 items-center gap-3 px-4 sm:px-6">
          <MenuButton
            open={menu.open}
            controls={sidebarId}
            onToggle={menu.toggle}
            label="Admin menu"
            className="-ml-2 text-on-header hover:bg-white/10 md:hidden"
          />
          <Link
            href={route('admin.dashboard')}
            className="flex items-center rounded-md"
            data-test="admin-home-link"
          >
            <AppLogo subtitle="Admin" />
            <span className="sr-only">, admin dashboard</span>
          </Link>
          <div className="ml-auto flex items-center gap-1">
            <Link
              href={route('index')}
              className="hidden items-center gap-1 rounded-md px-3 py-1.5 text-sm text-on-header-muted hover:bg-white/10 hover:text-on-header sm:inline-flex"
              data-test="view-site-link"
            >
              View site <ExternalLink aria-hidden="true" className="size-3.5" />
            </Link>
            <ThemeToggle className="text-on-header-muted hover:bg-white/10 hover:text-on-header" />
            <UserMenu />
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <nav
          id={sidebarId}
          aria-label="Admin"
          className={cn(
            'border-b border-line bg-surface md:block md:w-56 md:shrink-0 md:border-r md:border-b-0',
            menu.open ? 'block' : 'hidden',
          )}
        >
          <ul className="flex flex-col gap-0.5 p-3 md:sticky md:top-14">
            {adminNav.map((item) => (
              <li key={item.href}>
                <NavLink
                  item={item}
                  prefetch={false}
                  sectionRoot={item.href === route('admin.dashboard')}
                  className="block rounded-md px-3 py-2 text-sm font-medium text-ink-muted hover:bg-surface-muted hover:text-ink aria-[current]:bg-accent-soft aria-[current]:text-accent"
                />
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-8">
          <FlashMessages className="mb-6" />
          {children}
        </main>
      </div>
    </div>
  );
}
