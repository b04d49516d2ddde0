import { createInertiaApp } from '@inertiajs/react';
import { QueryProvider } from './components/QueryProvider.tsx';
import { defaults, pageTitle, progress } from './inertia/defaults.ts';
import { resolvePage } from './inertia/pages.ts';
import { layoutFor } from './layouts/index.ts';
import './styles/app.css';

/**
 * Browser entry. Reads the first page from `<script data-page="app">`, then hydrates the
 * server-rendered markup (hydrateRoot) when `#app` carries data-server-rendered, else renders
 * from scratch (createRoot: /admin pages and SSR fallbacks). Inertia does that choice itself.
 */
void createInertiaApp({
  resolve: resolvePage,
  layout: (name) => layoutFor(name),
  title: pageTitle,
  progress,
  defaults,
  withApp: (app) => <QueryProvider>{app}</QueryProvider>,
});
