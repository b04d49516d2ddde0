import { Head, router } from '@inertiajs/react';
import { PageLink } from '../../components/PageLink.tsx';
import { BarChart3 } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { BarChart, type Bar, type BarMark } from '../../components/charts/index.ts';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FilterLinks } from '../../components/FilterLinks.tsx';
import { Input, InputError } from '../../components/Input.tsx';
import { route } from '../../generated/routes.ts';
import { useShellProps } from '../../hooks/use-shell-props.ts';
import {
  LICENCE_CLASS_COLOURS,
  LICENCE_CLASS_NAMES,
  formatCategory,
  formatInteger,
  formatIrating,
  formatPercent,
  formatTopPercent,
  licenceClassOf,
} from '../../lib/racing-format.ts';

export interface IratingBucket {
  /** Inclusive lower bound. */
  from: number;
  /** Exclusive upper bound. */
  to: number;
  drivers: number;
  /** Share of the category's rated drivers below `from`, 0..100. */
  percentBelow: number;
}

export interface FavoriteOnChart {
  id: number;
  name: string;
  irating: number;
  percentBelow: number;
}

export interface Props {
  category: string;
  totalDrivers: number;
  buckets: IratingBucket[];
  percentiles: { percentile: number; irating: number }[];
  licenceClasses: { licenceClass: string; drivers: number }[];
  /** Rated drivers of every category (the category switch). */
  categories: { category: string; drivers: number }[];
  /** The percentile lookup: what was typed, an error for it, or the answer. */
  lookup: {
    typed: string | null;
    error: string | null;
    result: { irating: number; percentBelow: number } | null;
  };
  /** The signed-in member's favorite drivers rated in this category; null for guests. */
  favorites: FavoriteOnChart[] | null;
}

const bucketLabel = (from: number) => formatIrating(from);

const statsUrl = (category: string, irating?: number | string | null) =>
  route(
    'stats.irating',
    {},
    irating === null || irating === undefined || irating === ''
      ? { category }
      : { category, irating },
  );

/**
 * `/stats/irating`: how a category's drivers spread over iRating (histogram, percentiles,
 * licence classes), "where do I stand" (the lookup, a GET form that also works without
 * JavaScript) and the member's favorite drivers marked on the histogram.
 */
export default function StatsIrating(props: Props) {
  const { category, totalDrivers, buckets, percentiles, licenceClasses, categories, lookup } =
    props;
  const favorites = props.favorites;
  const { user } = useShellProps();
  const categoryName = formatCategory(category).toLowerCase();

  const bars = useMemo<Bar[]>(
    () =>
      buckets.map((b) => ({
        label: bucketLabel(b.from),
        value: b.drivers,
        note: `${formatIrating(b.from)}–${formatIrating(b.to - 1)}: better than ${formatPercent(b.percentBelow)}`,
      })),
    [buckets],
  );
  const marks = useMemo<BarMark[]>(() => {
    const at = (irating: number) => {
      const bucket = buckets.find((b) => b.from <= irating && irating < b.to);
      return bucket ? bucketLabel(bucket.from) : null;
    };
    const list: BarMark[] = [];
    if (lookup.result) {
      const where = at(lookup.result.irating);
      if (where) list.push({ label: `${formatIrating(lookup.result.irating)}`, at: where });
    }
    for (const f of favorites ?? []) {
      const where = at(f.irating);
      if (where) list.push({ label: `★ ${f.name}`, at: where });
    }
    return list;
  }, [buckets, favorites, lookup.result]);

  const licenceBars = useMemo<Bar[]>(
    () =>
      licenceClasses.map((l) => {
        const cls = licenceClassOf(l.licenceClass);
        return {
          label: cls ? LICENCE_CLASS_NAMES[cls] : l.licenceClass,
          value: l.drivers,
          ...(cls ? { color: LICENCE_CLASS_COLOURS[cls].fill } : {}),
        };
      }),
    [licenceClasses],
  );

  const median = percentiles.find((p) => p.percentile === 50)?.irating ?? null;
  const top1 = percentiles.find((p) => p.percentile === 99)?.irating ?? null;

  const percentileColumns: Column<{ percentile: number; irating: number }>[] = [
    { key: 'percentile', header: 'Percentile', cell: (p) => `${p.percentile}th` },
    {
      key: 'irating',
      header: 'iRating',
      numeric: true,
      cell: (p) => formatIrating(p.irating),
    },
    {
      key: 'meaning',
      header: 'Means',
      cell: (p) => `better than ${p.percentile}% of ${categoryName} drivers`,
    },
  ];

  return (
    <>
      <Head title={`iRating distribution: ${formatCategory(category)}`}>
        <meta
          name="description"
          content="How iRacing drivers spread over iRating and licence class, per category, and where an iRating stands."
        />
      </Head>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink">iRating distribution</h1>
        <p className="mt-2 max-w-prose text-ink-muted">
          How the rated drivers of each category spread over iRating and licence class, and where an
          iRating stands among them.
        </p>
      </header>

      {categories.length > 0 && (
        <FilterLinks
          label="Category"
          className="mb-6"
          options={categories.map((c) => ({
            value: c.category,
            label: formatCategory(c.category),
          }))}
          current={category}
          counts={Object.fromEntries(categories.map((c) => [c.category, c.drivers]))}
          href={(value) => statsUrl(value, lookup.result?.irating ?? null)}
        />
      )}

      {totalDrivers === 0 ? (
        <EmptyState
          icon={BarChart3}
          title={`No rated ${categoryName} drivers yet`}
          description="The distribution appears once driver profiles have been recorded."
        />
      ) : (
        <>
          <dl className="mb-6 grid gap-4 sm:grid-cols-3" data-test="irating-figures">
            <Figure label={`Rated ${categoryName} drivers`} value={formatInteger(totalDrivers)} />
            <Figure label="Median iRating" value={formatIrating(median)} />
            <Figure label="Top 1% from" value={formatIrating(top1)} />
          </dl>

          <div className="grid gap-6 lg:grid-cols-3">
            <Card title="Where does an iRating stand?" className="lg:col-span-1">
              <LookupForm
                key={`${category}:${lookup.typed ?? ''}`}
                category={category}
                lookup={lookup}
                categoryName={categoryName}
              />
            </Card>
            <Card className="lg:col-span-2">
              <BarChart
                name="irating-distribution"
                title={`${formatCategory(category)} drivers per iRating (${formatInteger(
                  totalDrivers,
                )} rated)`}
                categoryName="iRating"
                valueName="Drivers"
                format={formatInteger}
                bars={bars}
                marks={marks}
                zoom={bars.length > 40}
                height={320}
              />
            </Card>
          </div>

          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <Card title="Your favorite drivers" flush data-test="favorites-on-chart">
              <FavoritesList favorites={favorites} signedIn={user !== null} category={category} />
            </Card>
            <Card>
              <BarChart
                name="licence-distribution"
                title={`${formatCategory(category)} drivers per licence class`}
                categoryName="Licence"
                valueName="Drivers"
                format={formatInteger}
                bars={licenceBars}
                height={240}
              />
            </Card>
          </div>

          <Card title="Percentiles" flush className="mt-6">
            <DataTable
              caption={`${formatCategory(category)} iRating percentiles`}
              columns={percentileColumns}
              rows={percentiles}
              rowKey={(p) => p.percentile}
              data-test="percentiles-table"
            />
          </Card>
        </>
      )}
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-4">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-ink tabular-nums">{value}</dd>
    </div>
  );
}

/** The lookup: a GET form (`?category=&irating=`); with JavaScript an Inertia visit. */
function LookupForm({
  category,
  lookup,
  categoryName,
}: {
  category: string;
  lookup: Props['lookup'];
  categoryName: string;
}) {
  const [value, setValue] = useState(lookup.typed ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    router.get(
      statsUrl(category, value.trim()),
      {},
      { preserveScroll: true, preserveState: false },
    );
  };
  const errorId = 'irating-lookup-error';
  return (
    <form
      method="get"
      action={route('stats.irating')}
      onSubmit={submit}
      className="grid gap-3"
      data-test="irating-lookup"
    >
      <input type="hidden" name="category" value={category} />
      <label htmlFor="irating-lookup-value" className="text-sm font-medium text-ink">
        iRating
      </label>
      <div className="flex gap-2">
        <Input
          id="irating-lookup-value"
          name="irating"
          type="number"
          inputMode="numeric"
          min={0}
          max={20000}
          step={1}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          invalid={lookup.error !== null}
          aria-describedby={lookup.error ? errorId : undefined}
          className="max-w-40"
          data-test="irating-lookup-input"
        />
        <Button type="submit" data-test="irating-lookup-submit">
          Look up
        </Button>
      </div>
      <InputError id={errorId} message={lookup.error} />
      <p aria-live="polite" className="text-sm text-ink" data-test="percentile-answer">
        {lookup.result && (
          <>
            <strong className="tabular-nums">{formatIrating(lookup.result.irating)}</strong> is
            better than{' '}
            <strong className="tabular-nums">{formatPercent(lookup.result.percentBelow)}</strong> of{' '}
            {categoryName} drivers ({formatTopPercent(lookup.result.percentBelow)}).
          </>
        )}
      </p>
    </form>
  );
}

function FavoritesList({
  favorites,
  signedIn,
  category,
}: {
  favorites: FavoriteOnChart[] | null;
  signedIn: boolean;
  category: string;
}) {
  if (!signedIn || favorites === null) {
    return (
      <p className="p-4 text-sm text-ink-muted">
        <PageLink
          href={route('auth.login', {}, { return_to: statsUrl(category) })}
          className="text-accent underline"
        >
          Sign in
        </PageLink>{' '}
        to see the drivers you follow marked on the chart.
      </p>
    );
  }
  if (favorites.length === 0) {
    return (
      <p className="p-4 text-sm text-ink-muted">
        None of the drivers you follow has a {formatCategory(category).toLowerCase()} rating. Star
        drivers on their pages to see them here.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-line text-sm">
      {favorites.map((f) => (
        <li
          key={f.id}
          className="flex items-center justify-between gap-3 px-4 py-2"
          data-test={`favorite-mark-${f.id}`}
        >
          <PageLink
            href={route('drivers.show', { id: f.id })}
            className="text-accent hover:underline"
          >
            ★ {f.name}
          </PageLink>
          <span className="text-ink-muted tabular-nums">
            {formatIrating(f.irating)} · {formatTopPercent(f.percentBelow)}
          </span>
        </li>
      ))}
    </ul>
  );
}
