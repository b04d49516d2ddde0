import { usePage } from '@inertiajs/react';
import { useEffect, useState } from 'react';

/**
 * Open/closed state of a panel that must close when the user navigates (mobile menus): it is
 * open only for the page URL it was opened on, so an Inertia visit closes it without an effect.
 * Escape closes it too.
 */
export function useNavDisclosure(): { open: boolean; toggle: () => void; close: () => void } {
  const { url } = usePage();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === url;
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenAt(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return {
    open,
    toggle: () => setOpenAt(open ? null : url),
    close: () => setOpenAt(null),
  };
}
