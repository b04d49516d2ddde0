import { usePage } from '@inertiajs/react';
import { accountPaths } from '../lib/navigation.ts';
import { Typeahead } from './Typeahead.tsx';

/**
 * Site search: a GET form to /search?q=<text> (works before hydration and without JavaScript;
 * once hydrated an Inertia visit) with drivers and series suggested as you type (Typeahead).
 * Shows the current query on the search page. `data-test="search-input"`,
 * `search-input-submit`, suggestions `suggestion-driver-<id>` / `suggestion-series-<id>`.
 */
export function SearchBox({
  className,
  tone = 'header',
}: {
  className?: string;
  tone?: 'header' | 'panel';
}) {
  const { url } = usePage();
  const current = queryOf(url);
  return (
    <Typeahead
      key={current}
      label="Search drivers and series"
      placeholder="Search drivers, series…"
      kinds={['driver', 'series']}
      action={accountPaths.search}
      defaultValue={current}
      tone={tone}
      className={className}
      testId="search-input"
    />
  );
}

/** The search page's query; other pages' `q` (a team or driver filter) is theirs, not the site search's. */
function queryOf(url: string): string {
  const [path = '', rest = ''] = url.replace(/#.*$/, '').split('?', 2);
  if (path !== accountPaths.search) return '';
  return new URLSearchParams(rest).get('q') ?? '';
}
