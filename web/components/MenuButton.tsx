import { Menu, X } from 'lucide-react';
import { cn } from '../lib/cn.ts';

/** The phone-size toggle for a navigation panel. `data-test="menu-button"`. */
export function MenuButton({
  open,
  controls,
  onToggle,
  label = 'Menu',
  className,
}: {
  open: boolean;
  /** id of the panel it shows and hides. */
  controls: string;
  onToggle: () => void;
  label?: string;
  className?: string;
}) {
  const Icon = open ? X : Menu;
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className={cn('inline-flex size-9 items-center justify-center rounded-md', className)}
      data-test="menu-button"
    >
      <Icon aria-hidden="true" className="size-5" />
      <span className="sr-only">{label}</span>
    </button>
  );
}
