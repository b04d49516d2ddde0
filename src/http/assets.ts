import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AssetTags } from './inertia/inertia.ts';
import { escapeHtml } from './inertia/html.ts';

/** One entry of Vite's build manifest (dist/client/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const CLIENT_ENTRY = 'web/app.tsx';

export interface BuiltAssets extends AssetTags {
  /** Hash of the manifest: changes whenever any built file changes. */
  version: string;
  clientDir: string;
}

/**
 * Asset tags from a production build. The version is the first 16 hex digits of the manifest's
 * SHA-256, so a deploy with any changed bundle makes old clients reload (409) on their next
 * visit. The current page's own chunk is preloaded next to the entry.
 */
export function builtAssets(buildDir: string): BuiltAssets {
  const clientDir = path.join(buildDir, 'client');
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  let raw: string;
  try {
    raw = readFileSync(manifestPath, 'utf8');
  } catch (err) {
    throw new Error(
      `No client build at ${manifestPath}: run \`npm run build\` first (or start in development).`,
      { cause: err },
    );
  }
  const manifest = JSON.parse(raw) as Manifest;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`The build manifest has no entry for ${CLIENT_ENTRY}`);
  const version = createHash('sha256').update(raw).digest('hex').slice(0, 16);

  const collect = (key: string, seen: Set<string>, css: Set<string>, preload: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    preload.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) collect(imported, seen, css, preload);
  };
  const cache = new Map<string, string>();

  return {
    version,
    clientDir,
    tags(component: string): string {
      const cached = cache.get(component);
      if (cached !== undefined) return cached;
      const css = new Set<string>();
      const preload = new Set<string>();
      const seen = new Set<string>();
      collect(CLIENT_ENTRY, seen, css, preload);
      collect(`web/pages/${component}.tsx`, seen, css, preload);
      preload.delete(entry.file);
      const href = (file: string) => escapeHtml(`/${file}`);
      const tags = [
        ...[...css].map((f) => `<link rel="stylesheet" href="${href(f)}" />`),
        `<script type="module" src="${href(entry.file)}"></script>`,
        ...[...preload].map((f) => `<link rel="modulepreload" href="${href(f)}" />`),
      ].join('\n    ');
      if (cache.size < 1000) cache.set(component, tags);
      return tags;
    },
  };
}
