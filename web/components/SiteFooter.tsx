import { footerNav } from '../lib/navigation.ts';
import { AppLogo } from './AppLogo.tsx';
import { NavLink } from './NavLink.tsx';
import { PageLink } from './PageLink.tsx';
import { route } from '../generated/routes.ts';

/** Site footer: changelog and legal pages, and what Pitwall is (and is not). */
export function SiteFooter({ appName }: { appName: string }) {
  return (
    <footer className="mt-12 border-t border-line bg-surface">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-1">
          <PageLink href={route('index')} className="w-fit rounded-md text-ink">
            <AppLogo className="[&_span]:text-base" />
            <span className="sr-only">, home</span>
          </PageLink>
          <p>Racing data for sim-racing drivers. {appName} is not affiliated with iRacing.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {footerNav.map((item) => (
              <li key={item.href}>
                <NavLink
                  item={item}
                  prefetch={false}
                  className="font-medium text-ink-muted hover:text-ink hover:underline aria-[current]:text-ink"
                />
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
