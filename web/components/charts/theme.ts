import type { ResolvedTheme } from '../../lib/theme.ts';

/** The colours a chart draws with, taken from the design tokens of the theme shown. */
export interface ChartTheme {
  mode: ResolvedTheme;
  ink: string;
  inkMuted: string;
  line: string;
  lineStrong: string;
  surface: string;
  accent: string;
  /** Series colours in order (up to four compared drivers), distinct in both themes. */
  series: readonly string[];
  /** The highlight of a marked value (a favorite driver, the reader's own rating). */
  mark: string;
}

const SERIES = {
  light: ['#3a4ee0', '#c2410c', '#15803d', '#9333ea'],
  dark: ['#8e9bff', '#fb923c', '#4ade80', '#d8b4fe'],
} as const;

/** Fallbacks equal to web/styles/app.css, for a document without the tokens (tests). */
const TOKENS = {
  light: {
    ink: '#12151b',
    inkMuted: '#4a5261',
    line: '#d9dde4',
    lineStrong: '#b7bec9',
    surface: '#ffffff',
    accent: '#3a4ee0',
    mark: '#b42318',
  },
  dark: {
    ink: '#e9ecf1',
    inkMuted: '#a3acbb',
    line: '#2a303b',
    lineStrong: '#3b4250',
    surface: '#13161c',
    accent: '#8e9bff',
    mark: '#ff8a80',
  },
} as const;

/** Reads the theme's tokens from the document (browser only; the server draws no chart). */
export function chartTheme(mode: ResolvedTheme): ChartTheme {
  const fallback = TOKENS[mode];
  const style = typeof document === 'undefined' ? null : getComputedStyle(document.documentElement);
  const token = (name: string, value: string) =>
    style?.getPropertyValue(`--pw-${name}`).trim() || value;
  return {
    mode,
    ink: token('ink', fallback.ink),
    inkMuted: token('ink-muted', fallback.inkMuted),
    line: token('line', fallback.line),
    lineStrong: token('line-strong', fallback.lineStrong),
    surface: token('surface', fallback.surface),
    accent: token('accent', fallback.accent),
    series: SERIES[mode],
    mark: token('danger', fallback.mark),
  };
}
