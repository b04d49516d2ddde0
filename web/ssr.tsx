import type { Page } from '@inertiajs/core';
import { createInertiaApp } from '@inertiajs/react';
import { renderToString } from 'react-dom/server';
import { QueryProvider } from './components/QueryProvider.tsx';
import { defaults, pageTitle } from './inertia/defaults.ts';
import { resolvePage } from './inertia/pages.ts';
import { layoutFor } from './layouts/index.ts';

/**
 * SSR entry: renders one page object to `{head, body}` in the server's own process (imported by
 * src/http/ssr.ts through Vite in development, as the built bundle in production). Importing it
 * starts nothing: no SSR server, no listener. The same resolver, layouts and title rule as the
 * client, so hydration matches.
 */
export function render(page: Page): Promise<{ head: string[]; body: string }> {
  return createInertiaApp({
    page,
    render: renderToString,
    resolve: resolvePage,
    layout: (name) => layoutFor(name),
    title: pageTitle,
    defaults,
    setup: ({ App, props }) => (
      <QueryProvider>
        <App {...props} />
      </QueryProvider>
    ),
  });
}
