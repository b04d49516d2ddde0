import type { ReactElement } from 'react';
import * as monitor from 'lucide-react/icons/monitor';
import * as moon from 'lucide-react/icons/moon';
import * as sun from 'lucide-react/icons/sun';
import { useAppearance } from '../hooks/use-appearance.ts';
import { cn } from '../lib/cn.ts';
import { APPEARANCES, type Appearance } from '../lib/theme.ts';
import { staticIcon } from './static-icon.ts';

const labels: Record<Appearance, string> = { light: 'Light', dark: 'Dark', system: 'System' };
/** Each appearance's icon at the toggle's size and at the settings choice's. */
const icons: Record<Appearance, { toggle: ReactElement; choice: ReactElement }> = {
  light: { toggle: staticIcon(sun, 'size-4.5'), choice: staticIcon(sun, 'size-4') },
  dark: { toggle: staticIcon(moon, 'size-4.5'), choice: staticIcon(moon, 'size-4') },
  system: { toggle: staticIcon(monitor, 'size-4.5'), choice: staticIcon(monitor, 'size-4') },
};

function following(appearance: Appearance): Appearance {
  const index = APPEARANCES.indexOf(appearance);
  return APPEARANCES[(index + 1) % APPEARANCES.length] ?? 'system';
}

/**
 * One button that cycles the theme: light → dark → system. Its name says the current theme
 * and what a click chooses. `data-test="theme-toggle"`, `data-appearance=<current>`.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { appearance, setAppearance } = useAppearance();
  const next = following(appearance);
  const label = `Theme: ${labels[appearance]}. Switch to ${labels[next].toLowerCase()}`;
  return (
    <button
      type="button"
      onClick={() => setAppearance(next)}
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-md transition-colors',
        className,
      )}
      data-test="theme-toggle"
      data-appearance={appearance}
    >
      {icons[appearance].toggle}
    </button>
  );
}

/** The three choices as a radio group, for the settings page. `data-test="appearance-<value>"`. */
export function AppearanceChoice({ className }: { className?: string }) {
  const { appearance, setAppearance } = useAppearance();
  return (
    <fieldset className={cn('inline-flex gap-1 rounded-lg bg-surface-muted p-1', className)}>
      <legend className="sr-only">Theme</legend>
      {APPEARANCES.map((value) => {
        const checked = appearance === value;
        return (
          <label
            key={value}
            className={cn(
              'inline-flex cursor-pointer items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium has-focus-visible:outline-2 has-focus-visible:outline-focus',
              checked ? 'bg-surface text-ink shadow-xs' : 'text-ink-muted hover:text-ink',
            )}
          >
            <input
              type="radio"
              name="appearance"
              value={value}
              checked={checked}
              onChange={() => setAppearance(value)}
              className="sr-only"
              data-test={`appearance-${value}`}
            />
            {icons[value].choice}
            {labels[value]}
          </label>
        );
      })}
    </fieldset>
  );
}
