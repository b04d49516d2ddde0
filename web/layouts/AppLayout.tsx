import type { ReactNode } from 'react';
import { FlashMessages } from '../components/FlashMessages.tsx';
import { SiteFooter } from '../components/SiteFooter.tsx';
import { SiteHeader } from '../components/SiteHeader.tsx';
import { SkipLink } from '../components/SkipLink.tsx';
import { useShellProps } from '../hooks/use-shell-props.ts';

/**
 * The public site: skip link, header with the main navigation, `main#main` with the flash
 * messages above the page, footer. Pages fill `main`; they bring their own <h1>.
 */
export default function AppLayout({ children }: { children: ReactNode }) {
  const { appName } = useShellProps();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8"
      >
        <FlashMessages className="mb-6" />
        {children}
      </main>
      <SiteFooter appName={appName} />
    </div>
  );
}
