import { Head, Link, router } from '@inertiajs/react';
import { ExternalLink, Package } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { inputClasses } from '../../components/Input.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { route } from '../../generated/routes.ts';
import type { GearItemDto, GearType, PageMeta } from '../../generated/dtos.ts';
import { GEAR_TYPE_NAMES, formatPriceRange } from './types.ts';

export interface Props {
  type: GearType;
  slug: string;
  items: GearItemDto[];
  meta: PageMeta;
  q: string;
}

/** `/gears/{type}`: the items of one kind, by brand and model, with the pros who use them. */
export default function GearsType({ type, slug, items, meta, q }: Props) {
  const id = useId();
  const name = GEAR_TYPE_NAMES[type];
  const listUrl = (text: string, page = 1) =>
    route(
      'gears.types.index',
      { type: slug },
      { ...(text ? { q: text } : {}), ...(page > 1 ? { page } : {}) },
    );
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    router.get(listUrl(typeof value === 'string' ? value.trim() : ''));
  };
  return (
    <>
      <Head title={name} />
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-ink-muted">
        <Link href={route('gears.index')} className="hover:underline">
          Gear
        </Link>
      </nav>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink" data-test="gear-type-name">
          {name}
        </h1>
      </header>
      <form role="search" onSubmit={search} className="mb-6 flex max-w-lg items-end gap-2" key={q}>
        <div className="grid flex-1 gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-ink">
            Search {name.toLowerCase()}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            placeholder="Brand or model"
            className={inputClasses}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      {items.length === 0 ? (
        <EmptyState
          icon={Package}
          title={q ? `Nothing matches “${q}”` : `No ${name.toLowerCase()} listed yet`}
          description="Items appear here as soon as they are added to the catalog."
        />
      ) : (
        <ol className="grid gap-3 md:grid-cols-2" data-test="gear-items">
          {items.map((item) => {
            const price = formatPriceRange(item.priceMinUsd, item.priceMaxUsd);
            return (
              <li key={item.id}>
                <article
                  className="flex h-full flex-col gap-2 rounded-lg border border-line bg-surface p-4 shadow-xs"
                  data-test="gear-item"
                >
                  <h2 className="text-lg font-semibold text-ink">
                    <span className="text-ink-muted">{item.brand}</span> {item.model}
                  </h2>
                  {price && <p className="text-sm font-medium text-ink tabular-nums">{price}</p>}
                  {item.description && <p className="text-sm text-ink-muted">{item.description}</p>}
                  {item.usedBy.length > 0 && (
                    <p className="text-sm">
                      <span className="text-ink-muted">Used by </span>
                      {item.usedBy.map((pro, i) => (
                        <span key={pro.id}>
                          {i > 0 && ', '}
                          <Link
                            href={route('pros.show', { id: pro.id })}
                            className="text-accent hover:underline"
                          >
                            {pro.name}
                          </Link>
                        </span>
                      ))}
                    </p>
                  )}
                  {item.url && (
                    <a
                      href={item.url}
                      rel="noopener noreferrer nofollow"
                      target="_blank"
                      className="mt-auto inline-flex items-center gap-1 text-sm text-accent hover:underline"
                    >
                      Product page
                      <span className="sr-only">
                        {' '}
                        for {item.brand} {item.model} (opens in a new tab)
                      </span>
                      <ExternalLink aria-hidden="true" className="size-3.5" />
                    </a>
                  )}
                </article>
              </li>
            );
          })}
        </ol>
      )}
      <Pagination
        className="mt-8"
        label={`${name} pages`}
        page={meta.page}
        pageCount={meta.lastPage}
        href={(page) => listUrl(q, page)}
      />
    </>
  );
}
