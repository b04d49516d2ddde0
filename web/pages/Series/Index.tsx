import { Head } from '@inertiajs/react';
import { PageLink } from '../../components/PageLink.tsx';
import { Badge, LicenceBadge } from '../../components/Badge.tsx';
import { Card } from '../../components/Card.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { route } from '../../generated/routes.ts';
import { licenceClassOf, NONE } from '../../lib/racing-format.ts';

export interface SeriesCard {
  id: number;
  name: string;
  licenceClass: string | null;
  official: boolean;
  multiclass: boolean;
  /** Fixed setup in the current season; null when no season is known. */
  fixedSetup: boolean | null;
  season: { id: number; name: string; active: boolean } | null;
}

export interface SeriesCategoryGroup {
  /** null: series of mixed or unknown category. */
  category: string | null;
  label: string;
  series: SeriesCard[];
}

export interface Props {
  groups: SeriesCategoryGroup[];
}

const licenceOrder = ['R', 'D', 'C', 'B', 'A', 'P'];

const columns: Column<SeriesCard>[] = [
  {
    key: 'name',
    header: 'Series',
    sortable: true,
    value: (s) => s.name,
    cell: (s) => (
      <PageLink
        href={route('series.show', { id: String(s.id) })}
        className="font-medium text-accent hover:underline"
        data-test={`series-link-${s.id}`}
      >
        {s.name}
      </PageLink>
    ),
  },
  {
    key: 'licence',
    header: 'Licence',
    sortable: true,
    value: (s) => (s.licenceClass ? licenceOrder.indexOf(s.licenceClass) : null),
    cell: (s) => {
      const licence = licenceClassOf(s.licenceClass);
      return licence ? <LicenceBadge licence={licence} /> : NONE;
    },
  },
  {
    key: 'kind',
    header: 'Type',
    sortable: true,
    value: (s) => `${s.official ? 'a' : 'b'}${s.fixedSetup ? 'fixed' : 'open'}`,
    cell: (s) => (
      <span className="flex flex-wrap gap-1">
        {s.official ? <Badge tone="success">Official</Badge> : <Badge>Unofficial</Badge>}
        {s.fixedSetup === true && <Badge tone="info">Fixed</Badge>}
        {s.multiclass && <Badge tone="accent">Multi-class</Badge>}
      </span>
    ),
  },
  {
    key: 'season',
    header: 'Season',
    sortable: true,
    value: (s) => s.season?.name ?? null,
    cell: (s) =>
      s.season ? (
        <span>
          {s.season.name}
          {s.season.active && (
            <Badge tone="success" className="ml-2">
              Running
            </Badge>
          )}
        </span>
      ) : (
        <span className="text-ink-muted">No season yet</span>
      ),
    hideBelow: 'md',
  },
];

/** Every series, grouped by licence category, each with its current season. */
export default function SeriesIndex({ groups }: Props) {
  return (
    <>
      <Head title="Series" />
      <h1 className="text-3xl font-bold tracking-tight text-ink">Series</h1>
      <p className="mt-1 text-ink-muted">
        Every series Pitwall has on record, by category, with its current season.
      </p>
      {groups.length === 0 ? (
        <EmptyState
          className="mt-6"
          title="No series yet"
          description="Series appear here once the iRacing catalog has been imported."
        />
      ) : (
        <>
          <nav aria-label="Categories" className="mt-4 flex flex-wrap gap-2 text-sm">
            {groups.map((g) => (
              <a
                key={g.label}
                href={`#category-${g.category ?? 'other'}`}
                className="rounded-md px-2 py-1 text-accent hover:bg-surface-muted"
              >
                {g.label} ({g.series.length})
              </a>
            ))}
          </nav>
          {groups.map((g) => (
            <Card
              key={g.label}
              id={`category-${g.category ?? 'other'}`}
              title={g.label}
              className="mt-6"
              flush
              data-test={`series-group-${g.category ?? 'other'}`}
            >
              <DataTable
                columns={columns}
                rows={g.series}
                rowKey={(s) => s.id}
                caption={`${g.label} series`}
                sort={{ key: 'name', direction: 'asc' }}
                clientSort
                filterLabel="Filter series"
                rowTestId={(s) => `series-row-${s.id}`}
                data-test="series-table"
              />
            </Card>
          ))}
        </>
      )}
    </>
  );
}
