import { router, usePage } from '@inertiajs/react';
import { Search } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { accountPaths } from '../lib/navigation.ts';
import { cn } from '../lib/cn.ts';

/**
 * Site search: goes to /search?q=<text>. A real GET form, so it works before hydration and
 * without JavaScript; once hydrated it makes an Inertia visit instead of a full reload.
 * Shows the current query on the search page. `data-test="search-input"`, `search-submit`.
 */
export function SearchBox({
  className,
  tone = 'header',
}: {
  className?: string;
  tone?: 'header' | 'panel';
}) {
  const id = useId();
  const { url } = usePage();
  const current = queryOf(url);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = new FormData(event.currentTarget).get('q');
    const text = typeof q === 'string' ? q.trim() : '';
    router.get(accountPaths.search, text ? { q: text } : {});
  };

  return (
    <form
      role="search"
      action={accountPaths.search}
      method="get"
      onSubmit={submit}
      className={cn('relative', className)}
      key={current}
    >
      <label htmlFor={`${id}-q`} className="sr-only">
        Search drivers, series and teams
      </label>
      <input
        id={`${id}-q`}
        type="search"
        name="q"
        defaultValue={current}
        placeholder="Search drivers, series, teams…"
        autoComplete="off"
        className={cn(
          'h-9 w-full rounded-md pr-9 pl-3 text-sm',
          tone === 'header'
            ? 'border border-white/15 bg-white/10 text-on-header placeholder:text-on-header-muted focus-visible:bg-white/15'
            : 'border border-line-strong bg-surface text-ink placeholder:text-ink-muted',
        )}
        data-test="search-input"
      />
      <button
        type="submit"
        className={cn(
          'absolute inset-y-0 right-0 inline-flex w-9 items-center justify-center rounded-r-md',
          tone === 'header'
            ? 'text-on-header-muted hover:text-on-header'
            : 'text-ink-muted hover:text-ink',
        )}
        aria-label="Search"
        data-test="search-submit"
      >
        <Search aria-hidden="true" className="size-4" />
      </button>
    </form>
  );
}

function queryOf(url: string): string {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1).replace(/#.*$/, '') : '';
  return new URLSearchParams(query).get('q') ?? '';
}
