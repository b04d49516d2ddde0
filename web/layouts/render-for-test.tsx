// Test support (imported by *.unit.test.tsx only): server-renders a page through Inertia's own
// SSR path with the real layouts, so tests see exactly the markup a first visit gets.
import type { Page } from '@inertiajs/core';
import { createInertiaApp } from '@inertiajs/react';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryProvider } from '../components/QueryProvider.tsx';
import type { AuthUser } from '../lib/shared-props.ts';
import { layoutFor } from './index.ts';

export interface RenderPageOptions {
  component: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- page components take any props
  Component: ComponentType<any>;
  url: string;
  user?: AuthUser | null;
  /** Extra props, merged over the shared ones (`appName`, `auth`, `flash`, `errors`). */
  props?: Record<string, unknown>;
}

export async function renderPage(options: RenderPageOptions): Promise<string> {
  const page = {
    component: options.component,
    url: options.url,
    version: null,
    props: {
      errors: {},
      appName: 'Pitwall',
      auth: { user: options.user ?? null },
      flash: {},
      ...options.props,
    },
    flash: {},
    rescuedProps: [],
    rememberedState: {},
  } as unknown as Page;
  const { body } = await createInertiaApp({
    page,
    render: renderToString,
    resolve: () => options.Component,
    layout: layoutFor,
    // As web/ssr.tsx: the app inside the TanStack Query provider (the header search uses it).
    setup: ({ App, props }) => (
      <QueryProvider>
        <App {...props} />
      </QueryProvider>
    ),
  });
  return body;
}

/** The opening tag of the first element with `data-test="<testId>"`, or null. */
export function tagWith(html: string, testId: string): string | null {
  return new RegExp(`<[^>]*data-test="${testId}"[^>]*>`).exec(html)?.[0] ?? null;
}
