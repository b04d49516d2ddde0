import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  APPEARANCE_STORAGE_KEY,
  resolveTheme,
  themeInitScript,
  themeInitScriptTag,
  type Appearance,
} from './theme.ts';

/** Runs the inline <head> script against a minimal browser and returns what it set on <html>. */
function runHeadScript(stored: string | null, prefersDark: boolean, storageThrows = false) {
  const classes = new Set<string>();
  const style: { colorScheme?: string } = {};
  const window = {
    matchMedia: (query: string) => ({
      matches: query === '(prefers-color-scheme: dark)' && prefersDark,
    }),
  };
  const localStorage = {
    getItem: (key: string) => {
      if (storageThrows) throw new Error('SecurityError');
      return key === APPEARANCE_STORAGE_KEY ? stored : null;
    },
  };
  const document = {
    documentElement: {
      classList: {
        toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
      },
      style,
    },
  };
  runInNewContext(themeInitScript, { window, localStorage, document });
  return { dark: classes.has('dark'), colorScheme: style.colorScheme };
}

describe('theme', () => {
  it('resolves a choice against the system setting', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });

  it('head script applies the same rule as resolveTheme for every stored choice', () => {
    const stored: (Appearance | null | 'garbage')[] = ['light', 'dark', 'system', null, 'garbage'];
    for (const choice of stored) {
      for (const prefersDark of [false, true]) {
        const expected = resolveTheme(
          choice === 'light' || choice === 'dark' ? choice : 'system',
          prefersDark,
        );
        expect(runHeadScript(choice, prefersDark)).toEqual({
          dark: expected === 'dark',
          colorScheme: expected,
        });
      }
    }
  });

  it('head script never throws when storage is blocked (the page stays light)', () => {
    expect(runHeadScript('dark', true, true)).toEqual({ dark: false, colorScheme: undefined });
  });

  it('wraps the script in a tag with a sanitised nonce', () => {
    expect(themeInitScriptTag()).toBe(`<script>${themeInitScript}</script>`);
    expect(themeInitScriptTag('abc+/="><x')).toBe(
      `<script nonce="abc+/=x">${themeInitScript}</script>`,
    );
    expect(themeInitScript).not.toMatch(/<\/script/i);
  });
});
