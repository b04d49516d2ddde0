import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ViteDevServer } from 'vite';
import type { SsrResult } from './inertia/html.ts';
import type { SsrRenderer } from './inertia/inertia.ts';
import type { PageObject } from './inertia/page.ts';

/** What web/ssr.tsx exports (and the SSR bundle built from it). */
interface SsrEntry {
  render(page: PageObject): Promise<SsrResult>;
}

export const SSR_ENTRY = '/web/ssr.tsx';

/**
 * Development: every render goes through Vite's ssrLoadModule, which reloads the entry and the
 * pages when they change (no build, no separate SSR server).
 */
export function viteSsrRenderer(vite: ViteDevServer): SsrRenderer {
  return async (page) => {
    const entry = (await vite.ssrLoadModule(SSR_ENTRY)) as SsrEntry;
    return entry.render(page);
  };
}

/**
 * Production: the bundle `vite build --ssr web/ssr.tsx` wrote to `<buildDir>/ssr/ssr.mjs`,
 * imported once at start-up and then called in process for every server-rendered page.
 */
export async function builtSsrRenderer(buildDir: string): Promise<SsrRenderer> {
  const file = path.join(buildDir, 'ssr', 'ssr.mjs');
  const entry = (await import(pathToFileURL(file).href)) as SsrEntry;
  if (typeof entry.render !== 'function') throw new Error(`${file} does not export render(page)`);
  return (page) => entry.render(page);
}
