import type { Page } from '@inertiajs/core';
import { App, config } from '@inertiajs/react';
import { renderToString } from 'react-dom/server';
import { QueryProvider } from './components/QueryProvider.tsx';
import { defaults, pageTitle } from './inertia/defaults.ts';
import { resolvePage } from './inertia/pages.ts';
import { layoutFor } from './layouts/index.ts';

// The client settings the client entry hands to createInertiaApp (nothing reads them during a
// render; set once so the server's config is the browser's).
config.replace(defaults);

/**
 * SSR entry: renders one page object to `{head, markup}` in the server's own process (imported by
 * src/http/ssr.ts through Vite in development, as the built bundle in production). Importing it
 * starts nothing: no SSR server, no listener. The same element tree as the client entry
 * (web/app.tsx: Inertia's `<App>` inside the QueryProvider, the same resolver, layouts and title
 * rule), so hydration matches.
 *
 * It renders Inertia's `<App>` itself rather than through `createInertiaApp({page, render})`,
 * which would also serialise the page object into a `<script>` element around the markup: the
 * server writes that element itself (src/http/inertia/html.ts), so the markup alone is returned
 * and the page is serialised once per response.
 */
export async function render(page: Page): Promise<{ head: string[]; markup: string }> {
  let head: string[] = [];
  const component = await resolvePage(page.component);
  const markup = renderToString(
    <QueryProvider>
      <App
        initialPage={page}
        initialComponent={component}
        resolveComponent={resolvePage}
        titleCallback={pageTitle}
        onHeadUpdate={(elements) => {
          head = elements;
        }}
        defaultLayout={(name) => layoutFor(name)}
      />
    </QueryProvider>,
  );
  return { head, markup };
}
