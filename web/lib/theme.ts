/**
 * Light/dark theme. The choice ("appearance") is `light`, `dark` or `system`; it is stored in
 * localStorage and shown by the `dark` class on <html> (Tailwind's class strategy), plus the
 * matching `color-scheme` so form controls and scrollbars follow.
 *
 * No flash of the wrong theme: the server puts `themeInitScript` inline in <head>, before any
 * stylesheet paints, so the class is right before the first frame. The script and
 * `applyAppearance` below implement the same rule; the unit test runs the script to hold them
 * together.
 */

export type Appearance = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const APPEARANCES: readonly Appearance[] = ['light', 'dark', 'system'];
export const APPEARANCE_STORAGE_KEY = 'pitwall.appearance';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isAppearance(value: unknown): value is Appearance {
  return value === 'light' || value === 'dark' || value === 'system';
}

export function resolveTheme(appearance: Appearance, systemPrefersDark: boolean): ResolvedTheme {
  switch (appearance) {
    case 'light':
      return 'light';
    case 'dark':
      return 'dark';
    case 'system':
      return systemPrefersDark ? 'dark' : 'light';
    default: {
      const unreachable: never = appearance;
      return unreachable;
    }
  }
}

/**
 * Inline <head> script (no dependencies, ES5, never throws). If the page has a CSP, allow it
 * by its hash (`'sha256-…'` of exactly this string) or give the tag a nonce.
 */
export const themeInitScript = `(function(){try{var a=localStorage.getItem(${JSON.stringify(
  APPEARANCE_STORAGE_KEY,
)});var d=a==="dark"||(a!=="light"&&window.matchMedia(${JSON.stringify(
  DARK_QUERY,
)}).matches);var r=document.documentElement;r.classList.toggle("dark",d);r.style.colorScheme=d?"dark":"light";}catch(e){}})();`;

/** The script wrapped in a <script> tag, with an optional CSP nonce. */
export function themeInitScriptTag(nonce?: string): string {
  const nonceAttr = nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}"` : '';
  return `<script${nonceAttr}>${themeInitScript}</script>`;
}

// ---- browser side (every function is a no-op on the server) ----

const hasWindow = (): boolean => typeof window !== 'undefined';

export function systemPrefersDark(): boolean {
  return hasWindow() && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY).matches
    : false;
}

export function readStoredAppearance(): Appearance {
  if (!hasWindow()) return 'system';
  try {
    const stored = window.localStorage.getItem(APPEARANCE_STORAGE_KEY);
    return isAppearance(stored) ? stored : 'system';
  } catch {
    return 'system'; // storage blocked (privacy mode): fall back to the system setting
  }
}

export function applyAppearance(appearance: Appearance): void {
  if (!hasWindow()) return;
  const dark = resolveTheme(appearance, systemPrefersDark()) === 'dark';
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

const listeners = new Set<() => void>();

/** Stores and applies a choice, and tells every `useAppearance` in the page. */
export function setAppearance(appearance: Appearance): void {
  if (!hasWindow()) return;
  try {
    if (appearance === 'system') window.localStorage.removeItem(APPEARANCE_STORAGE_KEY);
    else window.localStorage.setItem(APPEARANCE_STORAGE_KEY, appearance);
  } catch {
    // Not persisted, but still applied for this page.
  }
  applyAppearance(appearance);
  for (const listener of listeners) listener();
}

/**
 * Subscribes to appearance changes: this page's `setAppearance`, another tab's choice (storage
 * event) and the operating system's setting. Re-applies the theme before notifying.
 * The first subscription also applies the stored choice once: a safety net for a document
 * served without `themeInitScript` (the theme is then right after hydration, not before paint).
 */
export function subscribeAppearance(listener: () => void): () => void {
  if (!hasWindow()) return () => undefined;
  if (listeners.size === 0) applyAppearance(readStoredAppearance());
  const onExternalChange = (): void => {
    applyAppearance(readStoredAppearance());
    listener();
  };
  const onStorage = (event: StorageEvent): void => {
    if (event.key === null || event.key === APPEARANCE_STORAGE_KEY) onExternalChange();
  };
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  media?.addEventListener('change', onExternalChange);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    media?.removeEventListener('change', onExternalChange);
  };
}
