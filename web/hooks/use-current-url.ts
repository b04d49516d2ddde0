import { usePage } from '@inertiajs/react';
import { linkState, pathOf } from '../lib/navigation.ts';

export interface UseCurrentUrl {
  /** The current page's path, without query or trailing slash. */
  currentPath: string;
  /** The `aria-current` value for a link to `href`, or undefined when it is not current. */
  ariaCurrent: (href: string, options?: { sectionRoot?: boolean }) => 'page' | 'true' | undefined;
}

export function useCurrentUrl(): UseCurrentUrl {
  const currentPath = pathOf(usePage().url);
  return {
    currentPath,
    ariaCurrent: (href, options) => {
      const state = linkState(currentPath, href, options);
      return state === 'page' ? 'page' : state === 'section' ? 'true' : undefined;
    },
  };
}
