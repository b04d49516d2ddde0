import { useState } from 'react';
import { suggestSlug } from '../lib/slug.ts';

/** The fields of a form whose values are text. */
export type TextField<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/**
 * The change handler of a create form whose slug follows another field (`source`: an article's
 * title, a team's name) until the slug is typed in: each change of `source` also sets the slug
 * the server would make from it (suggestSlug, at most `slugMax` characters); emptying the slug
 * field lets it follow again. `setData` is the Inertia form's (updates from the latest data).
 */
export function useSlugFollows<F extends { slug: string }>(
  setData: (update: (data: F) => F) => void,
  source: TextField<F>,
  slugMax: number,
): (field: TextField<F>, value: string) => void {
  const [slugEdited, setSlugEdited] = useState(false);
  return (field, value) => {
    if (field === 'slug') setSlugEdited(value !== '');
    const follows = field === source && !slugEdited;
    setData((data) => ({
      ...data,
      [field]: value,
      ...(follows ? { slug: suggestSlug(value, slugMax) } : {}),
    }));
  };
}
