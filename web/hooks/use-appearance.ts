import { useSyncExternalStore } from 'react';
import {
  readStoredAppearance,
  resolveTheme,
  setAppearance,
  subscribeAppearance,
  systemPrefersDark,
  type Appearance,
  type ResolvedTheme,
} from '../lib/theme.ts';

export interface UseAppearance {
  /** The stored choice. */
  appearance: Appearance;
  /** What is shown now (`system` resolved against the operating system). */
  resolved: ResolvedTheme;
  setAppearance: (appearance: Appearance) => void;
}

const readResolved = (): ResolvedTheme => resolveTheme(readStoredAppearance(), systemPrefersDark());

/**
 * The theme choice, shared by every caller and kept in step with other tabs and the OS.
 * The server (and hydration) sees `system`/`light`, then the client's real value: React
 * re-renders after hydrating instead of reporting a mismatch.
 */
export function useAppearance(): UseAppearance {
  const appearance = useSyncExternalStore(
    subscribeAppearance,
    readStoredAppearance,
    () => 'system' as const,
  );
  const resolved = useSyncExternalStore(subscribeAppearance, readResolved, () => 'light' as const);
  return { appearance, resolved, setAppearance };
}
