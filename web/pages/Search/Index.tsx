import { Head } from '@inertiajs/react';
import { PageLink } from '../../components/PageLink.tsx';
import { SearchX } from 'lucide-react';
import { LicenceBadge } from '../../components/Badge.tsx';
import { Card } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { route } from '../../generated/routes.ts';
import { formatCategory, formatIrating, licenceClassOf } from '../../lib/racing-format.ts';

export interface SearchDriverHit {
  id: number;
  name: string;
  countryCode: string | null;
  /** Rated licences. */
  licences: {
    category: string;
    licenceClass: string | null;
    safetyRating: number | null;
    irating: number | null;
  }[];
}

export interface SearchSeriesHit {
  id: number;
  name: string;
  category: string | null;
  licenceClass: string | null;
  official: boolean;
}

export interface Props {
  /** The text searched (trimmed); '' when none. */
  q: string;
  /** Whether `q` was long enough (2+ characters) to search. */
  searched: boolean;
  drivers: SearchDriverHit[];
  series: SearchSeriesHit[];
}

/** Search results: drivers and series matching the text, best matches first. */
export default function SearchIndex({ q, searched, drivers, series }: Props) {
  const nothing = searched && drivers.length === 0 && series.length === 0;
  return (
    <>
      <Head title={q ? `Search: ${q}` : 'Search'} />
      <h1 className="text-3xl font-bold tracking-tight text-ink">
        {searched ? `Results for “${q}”` : 'Search'}
      </h1>
      <SearchBox tone="panel" className="mt-4 max-w-xl" />
      {!searched ? (
        <p className="mt-4 text-ink-muted" data-test="search-prompt">
          Type at least 2 characters of a driver's name (or an iRacing customer id) or of a series.
        </p>
      ) : nothing ? (
        <EmptyState
          className="mt-6"
          icon={SearchX}
          title={`Nothing matches “${q}”`}
          description="Try part of a first or last name, a customer id, or a shorter series name."
          action={
            <PageLink href={route('drivers')} className="text-accent hover:underline">
              Browse every driver
            </PageLink>
          }
        />
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <Card title={`Drivers (${drivers.length})`} flush>
            {drivers.length === 0 ? (
              <p className="p-4 text-sm text-ink-muted">No driver matches.</p>
            ) : (
              <ul className="divide-y divide-line" data-test="search-drivers">
                {drivers.map((d) => (
                  <li key={d.id} className="flex flex-wrap items-center gap-2 px-4 py-2 text-sm">
                    <PageLink
                      href={route('drivers.show', { id: d.id })}
                      className="font-medium text-accent hover:underline"
                    >
                      {d.name}
                    </PageLink>
                    {d.countryCode && <span className="text-ink-muted">{d.countryCode}</span>}
                    <span className="ml-auto flex flex-wrap gap-2">
                      {d.licences.map((l) => {
                        const licence = licenceClassOf(l.licenceClass);
                        return (
                          <span key={l.category} className="flex items-center gap-1 text-ink-muted">
                            {formatCategory(l.category)} {formatIrating(l.irating)}
                            {licence && (
                              <LicenceBadge licence={licence} safetyRating={l.safetyRating} />
                            )}
                          </span>
                        );
                      })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={`Series (${series.length})`} flush>
            {series.length === 0 ? (
              <p className="p-4 text-sm text-ink-muted">No series matches.</p>
            ) : (
              <ul className="divide-y divide-line" data-test="search-series">
                {series.map((s) => (
                  <li key={s.id} className="flex flex-wrap items-center gap-2 px-4 py-2 text-sm">
                    <PageLink
                      href={route('series.show', { id: s.id })}
                      className="font-medium text-accent hover:underline"
                    >
                      {s.name}
                    </PageLink>
                    <span className="ml-auto text-ink-muted">
                      {[
                        s.category ? formatCategory(s.category) : null,
                        s.official ? 'Official' : 'Unofficial',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
    </>
  );
}
