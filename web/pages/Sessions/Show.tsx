import { Head } from '@inertiajs/react';
import { PageLink } from '../../components/PageLink.tsx';
import { Card } from '../../components/Card.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import {
  countColumn,
  Fact,
  lapTimeColumn,
  SeriesCrumb,
  sofColumn,
  winnerColumn,
} from '../../components/racing/race-parts.tsx';
import { When } from '../../components/racing/When.tsx';
import { trackLabel } from '../../components/racing/series-parts.tsx';
import { route } from '../../generated/routes.ts';
import { formatCategory, formatInteger, formatIrating } from '../../lib/racing-format.ts';

export interface SessionHeader {
  id: number;
  seriesId: number;
  seriesName: string;
  /** Whether the series has its pages (the catalog describes it); else its name is plain text. */
  seriesPage: boolean;
  seasonId: number;
  seasonName: string;
  /** 1-based. */
  raceWeek: number;
  startTime: string;
  /** "HH:MM" UTC. */
  timeSlot: string;
  trackName: string;
  configName: string | null;
  category: string;
  numSplits: number;
  numDrivers: number;
  maxStrengthOfField: number | null;
  minStrengthOfField: number | null;
}

export interface SplitLine {
  /** 1 = the strongest. */
  split: number;
  subsessionId: number;
  strengthOfField: number | null;
  entries: number;
  winner: { id: number; name: string } | null;
  winnerTeam: string | null;
  bestLap: number | null;
  official: boolean;
}

export interface Props {
  session: SessionHeader;
  /** Strongest first. */
  splits: SplitLine[];
}

const columns: Column<SplitLine>[] = [
  {
    key: 'split',
    header: 'Split',
    numeric: true,
    sortable: true,
    firstDirection: 'asc',
    value: (s) => s.split,
    cell: (s) => (
      <PageLink
        href={route('subsessions.show', { id: String(s.subsessionId) })}
        className="font-semibold text-accent hover:underline"
        data-test={`split-link-${s.subsessionId}`}
      >
        Split {s.split}
      </PageLink>
    ),
  },
  sofColumn((s) => s.strengthOfField),
  countColumn('entries', 'Entries', (s) => s.entries),
  winnerColumn(),
  lapTimeColumn('best', 'Best lap', (s) => s.bestLap),
];

/** A race time slot of a series: its splits, strongest first, each linking to its results. */
export default function SessionsShow({ session: s, splits }: Props) {
  const track = trackLabel(s.trackName, s.configName);
  return (
    <>
      <Head title={`${s.seriesName} · ${s.timeSlot} UTC`} />
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-ink-muted">
        <SeriesCrumb series={s} testId="session-series-link" />
      </nav>
      <h1 className="text-3xl font-bold tracking-tight text-ink" data-test="session-title">
        {s.seriesName}: <When iso={s.startTime} />
      </h1>
      <p className="mt-1 text-ink-muted">
        {track} · {s.seasonName}, week {s.raceWeek} · {formatCategory(s.category)}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Fact label="Splits">{formatInteger(s.numSplits)}</Fact>
        <Fact label="Drivers">{formatInteger(s.numDrivers)}</Fact>
        <Fact label="Top split SoF">{formatIrating(s.maxStrengthOfField)}</Fact>
        <Fact label="Bottom split SoF">{formatIrating(s.minStrengthOfField)}</Fact>
      </dl>
      <Card title="Splits" className="mt-6" flush>
        <DataTable
          columns={columns}
          rows={splits}
          rowKey={(r) => r.subsessionId}
          caption="Splits of this session"
          sort={{ key: 'split', direction: 'asc' }}
          clientSort
          rowTestId={(r) => `split-row-${r.subsessionId}`}
          data-test="splits-table"
        />
      </Card>
    </>
  );
}
