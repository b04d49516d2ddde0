import { Head, Link, router } from '@inertiajs/react';
import { Trophy } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { LicenceBadge } from '../../components/Badge.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { inputClasses } from '../../components/Input.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { route } from '../../generated/routes.ts';
import { countryName } from '../../lib/country.ts';
import { formatCategory, formatIrating, licenceClassOf } from '../../lib/racing-format.ts';
import type { PageMeta, ProSummaryDto } from '../../generated/dtos.ts';

export interface Props {
  pros: ProSummaryDto[];
  meta: PageMeta;
  q: string;
}

const listUrl = (q: string, page = 1) =>
  route('pros.index', {}, { ...(q ? { q } : {}), ...(page > 1 ? { page } : {}) });

/** `/pros`: professional drivers who race on iRacing, with their best live licence. */
export default function ProsIndex({ pros, meta, q }: Props) {
  const id = useId();
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    router.get(listUrl(typeof value === 'string' ? value.trim() : ''));
  };
  return (
    <>
      <Head title={meta.page > 1 ? `Pro drivers, page ${meta.page}` : 'Pro drivers'}>
        <meta
          name="description"
          content="Professional racing drivers on iRacing: live iRating, licences and the gear they use."
        />
      </Head>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink">Pro drivers</h1>
        <p className="mt-2 text-ink-muted">
          Real-world racers in the sim: their live iRating and licences, their story and the gear
          they drive with.
        </p>
      </header>
      <form
        role="search"
        action={route('pros.index')}
        method="get"
        onSubmit={search}
        className="mb-6 flex max-w-lg items-end gap-2"
        key={q}
      >
        <div className="grid flex-1 gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-ink">
            Search pro drivers
          </label>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            placeholder="Name, team or series"
            className={inputClasses}
            data-test="pros-search"
          />
        </div>
        <Button type="submit" data-test="pros-apply">
          Search
        </Button>
      </form>
      {pros.length === 0 ? (
        <EmptyState
          icon={Trophy}
          title={q ? `No pro driver matches “${q}”` : 'No pro drivers yet'}
          description={
            q ? 'Try a surname or a team name.' : 'Profiles appear here as soon as they are added.'
          }
          action={
            q ? (
              <ButtonLink href={route('pros.index')} variant="secondary">
                Show all pro drivers
              </ButtonLink>
            ) : undefined
          }
        />
      ) : (
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-test="pros-list">
          {pros.map((pro) => {
            const cls = licenceClassOf(pro.topLicense?.licenseClass);
            return (
              <li key={pro.id} className="flex">
                <article
                  className="flex w-full flex-col gap-2 rounded-lg border border-line bg-surface p-4 shadow-xs hover:border-line-strong"
                  data-test="pro-card"
                >
                  <h2 className="text-lg font-semibold text-ink">
                    <Link
                      href={route('pros.show', { id: pro.id })}
                      className="hover:text-accent hover:underline"
                    >
                      {pro.name}
                    </Link>
                  </h2>
                  <p className="text-sm text-ink-muted">
                    {[
                      pro.countryCode ? countryName(pro.countryCode) : null,
                      pro.teamName,
                      pro.background,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <p className="mt-auto flex items-center gap-2 text-sm">
                    {pro.topLicense && cls ? (
                      <>
                        <LicenceBadge licence={cls} safetyRating={pro.topLicense.safetyRating} />
                        <span className="font-semibold text-ink tabular-nums">
                          {formatIrating(pro.topLicense.irating)} iRating
                        </span>
                        <span className="text-ink-muted">
                          ({formatCategory(pro.topLicense.category)})
                        </span>
                      </>
                    ) : (
                      <span className="text-ink-muted">No iRacing data yet</span>
                    )}
                  </p>
                </article>
              </li>
            );
          })}
        </ol>
      )}
      <Pagination
        className="mt-8"
        label="Pro driver pages"
        page={meta.page}
        pageCount={meta.lastPage}
        href={(page) => listUrl(q, page)}
      />
    </>
  );
}
