import { Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { AppLogo } from '../components/AppLogo.tsx';
import { FlashMessages } from '../components/FlashMessages.tsx';
import { SkipLink } from '../components/SkipLink.tsx';
import { ThemeToggle } from '../components/ThemeToggle.tsx';
import { footerNav } from '../lib/navigation.ts';
import { route } from '../generated/routes.ts';

/**
 * Sign-in, registration and password pages: the brand above one centred card. Pages bring
 * their own <h1> and form; errors come through each field.
 */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="flex items-center justify-between px-4 py-4 sm:px-6">
        <Link
          href={route('index')}
          className="flex items-center rounded-md text-ink"
          data-test="home-link"
        >
          <AppLogo />
          <span className="sr-only">, home</span>
        </Link>
        <ThemeToggle className="text-ink-muted hover:bg-surface-muted hover:text-ink" />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 justify-center px-4 pt-6 pb-12 outline-none sm:pt-12"
      >
        <div className="w-full max-w-md">
          <FlashMessages className="mb-4" />
          <div className="rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">
            {children}
          </div>
        </div>
      </main>
      <footer className="px-4 pb-6 text-center text-xs text-ink-muted">
        <nav aria-label="Footer">
          <ul className="flex justify-center gap-4">
            {footerNav.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  className="hover:text-ink hover:underline"
                  data-test={`nav-${item.testId}`}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </footer>
    </div>
  );
}
