import type { ComponentType } from 'react';

/**
 * Page resolution by Inertia component name: `Public/NotFound` → web/pages/Public/NotFound.tsx.
 * Pages are lazy chunks (one per page), loaded when first visited; the server preloads the
 * current page's chunk with the first HTML. An unknown name raises `Page not found: <name>`
 * (spec §8), which Inertia surfaces instead of rendering a blank page.
 */
interface PageModule {
  default: ComponentType<Record<string, unknown>>;
}

const pages = import.meta.glob<PageModule>(['../pages/**/*.tsx', '!../pages/**/*.test.tsx']);

export function pageLoader(name: string): (() => Promise<PageModule>) | undefined {
  return pages[`../pages/${name}.tsx`];
}

/**
 * Pages already loaded. A module is loaded once either way (`import()` of the same chunk gives
 * the same module); remembering it skips the import machinery on every later render, which on
 * the server (SSR, under the tsx loader) is a round trip to the loader thread per page view.
 */
const loaded = new Map<string, PageModule['default']>();

export async function resolvePage(name: string): Promise<PageModule['default']> {
  const known = loaded.get(name);
  if (known) return known;
  const load = pageLoader(name);
  if (!load) throw new Error(`Page not found: ${name}`);
  const module = await load();
  loaded.set(name, module.default);
  return module.default;
}
