import * as menu from 'lucide-react/icons/menu';
import * as x from 'lucide-react/icons/x';
import { cn } from '../lib/cn.ts';
import { staticIcon } from './static-icon.ts';

const openIcon = staticIcon(menu, 'size-5');
const closeIcon = staticIcon(x, 'size-5');

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
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className={cn('inline-flex size-9 items-center justify-center rounded-md', className)}
      data-test="menu-button"
    >
      {open ? closeIcon : openIcon}
      <span className="sr-only">{label}</span>
    </button>
  );
}
