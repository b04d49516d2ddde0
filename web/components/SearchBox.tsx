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

function queryOf(url: string): string {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1).replace(/#.*$/, '') : '';
  return new URLSearchParams(query).get('q') ?? '';
}
