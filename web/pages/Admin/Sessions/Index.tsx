import { Head, Link, router, useForm, usePoll } from '@inertiajs/react';
import { RotateCw } from 'lucide-react';
import { useEffect, type FormEvent } from 'react';
import { Badge, type BadgeTone } from '../../../components/Badge.tsx';
import { Button } from '../../../components/Button.tsx';
import { Card } from '../../../components/Card.tsx';
import type { Column } from '../../../components/DataTable.tsx';
import { dateTimeColumn } from '../../../components/DateTime.tsx';
import { Field } from '../../../components/Field.tsx';
import { FilterLinks, type FilterOption } from '../../../components/FilterLinks.tsx';
import { PagedDataTable } from '../../../components/PagedDataTable.tsx';
import { route } from '../../../generated/routes.ts';
import { bindFields } from '../../../lib/form-fields.ts';
import { filterPageQuery } from '../../../lib/pagination.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { Input } from '../../../components/Input.tsx';
import type {
  IngestedSessionDto,
  PageMeta,
  SessionReplayDto,
  SessionReplayStatus,
} from '../../../generated/dtos.ts';
import type { IngestedSessions, ReplayStatusFilter } from './types.ts';

export interface Props {
  replays: SessionReplayDto[];
  meta: PageMeta;
  status: ReplayStatusFilter;
  /** The ingested sessions, searched and paged in the URL. */
  sessions: IngestedSessions;
}

/** While a run is queued or running, the list refreshes itself this often. */
const POLL_MS = 5000;

const filters: readonly FilterOption<ReplayStatusFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'queued', label: 'Queued' },
  { value: 'running', label: 'Running' },
  { value: 'done', label: 'Done' },
  { value: 'failed', label: 'Failed' },
];

const tones: Record<SessionReplayStatus, BadgeTone> = {
  queued: 'neutral',
  running: 'info',
  done: 'success',
  failed: 'danger',
};

const listUrl = (status: ReplayStatusFilter, page = 1) =>
  route('admin.sessions', {}, filterPageQuery(status, page));

/**
 * `/admin/sessions`: ask for a session to be replayed (its subsessions re-fetched from the
 * source and re-ingested; unchanged results change nothing) and follow every run's state.
 */
export default function SessionsIndex({ replays, meta, status, sessions }: Props) {
  const form = useForm({ sessionId: '' });
  const field = bindFields(form, form.errors);
  const pending = replays.some((r) => r.status === 'queued' || r.status === 'running');
  const poll = usePoll(POLL_MS, { only: ['replays', 'meta'] }, { autoStart: false });
  const { start, stop } = poll;
  useEffect(() => {
    if (!pending) return;
    start();
    return stop;
  }, [pending, start, stop]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('admin.sessions.replay'), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    });
  };

  const columns: Column<SessionReplayDto>[] = [
    {
      key: 'session',
      header: 'Session',
      cell: (r) => (
        <span className="font-mono">
          {r.sessionId}
          <span className="text-ink-muted"> · run {r.run}</span>
        </span>
      ),
    },
    {
      key: 'status',
      header: 'State',
      cell: (r) => (
        <Badge tone={tones[r.status]} data-test={`replay-status-${r.status}`}>
          {r.status}
        </Badge>
      ),
    },
    { key: 'outcome', header: 'Outcome', cell: (r) => <Outcome replay={r} /> },
    dateTimeColumn('requestedAt', 'Requested', 'md'),
    dateTimeColumn('finishedAt', 'Finished', 'lg'),
  ];

  return (
    <>
      <Head title="Sessions" />
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Sessions</h1>
        <p className="mt-1 max-w-prose text-sm text-ink-muted">
          A replay fetches a session&rsquo;s subsessions again from the source and records what
          changed (a correction); unchanged results are left as they are. Use it after the source
          fixed a result.
        </p>
      </header>

      <IngestedSessionsCard sessions={sessions} />

      <Card title="Replay a session by id" className="mb-8 max-w-xl">
        <form
          onSubmit={submit}
          noValidate
          className="flex flex-wrap items-start gap-3"
          data-test="replay-form"
        >
          <Field
            label="Session id"
            inputMode="numeric"
            autoComplete="off"
            {...field('sessionId')}
            hint="The iRacing session id (not a subsession id) of a session already ingested."
            wrapperClassName="min-w-48 flex-1"
          />
          <Button type="submit" busy={form.processing} className="mt-7" data-test="replay-submit">
            <RotateCw aria-hidden="true" className="size-4" /> Replay
          </Button>
        </form>
      </Card>

      <FilterLinks
        label="Filter by state"
        className="mb-4"
        options={filters}
        current={status}
        href={listUrl}
      />
      <PagedDataTable
        caption="Replay requests"
        columns={columns}
        rows={replays}
        rowKey={(r) => `${r.sessionId}-${r.run}`}
        empty="No replays yet."
        data-test="replays-table"
        meta={meta}
        pagerLabel="Replay pages"
        pageHref={(page) => listUrl(status, page)}
      />
    </>
  );
}

/** What a run achieved, or why it did not. */
function Outcome({ replay }: { replay: SessionReplayDto }) {
  switch (replay.status) {
    case 'queued':
      return <span className="text-ink-muted">Waiting for a worker</span>;
    case 'running':
      return (
        <span className="text-ink-muted">
          Attempt {replay.attempts}
          {replay.startedAt && (
            <>
              , started <time dateTime={replay.startedAt}>{formatDateTime(replay.startedAt)}</time>
            </>
          )}
        </span>
      );
    case 'done':
      return (
        <span>
          {replay.subsessions ?? 0} subsessions re-fetched, {replay.appended ?? 0} events (
          {replay.corrected ?? 0} corrections)
          {replay.failedSubsessions.length > 0 && (
            <span className="block text-warning" data-test="replay-partial">
              {replay.failedSubsessions.length} could not be fetched:{' '}
              {replay.failedSubsessions.map((f) => `${f.subsessionId} (${f.reason})`).join('; ')}
            </span>
          )}
        </span>
      );
    case 'failed':
      return (
        <span className="text-danger" data-test="replay-reason">
          {replay.reason ?? 'Failed'}
        </span>
      );
    default: {
      const unreachable: never = replay.status;
      return unreachable;
    }
  }
}

/** The search of the ingested sessions: a GET form whose fields are the URL's parameters. */
function IngestedSessionsCard({ sessions }: { sessions: IngestedSessions }) {
  const { search } = sessions;
  const replay = (session: IngestedSessionDto) =>
    router.post(
      route('admin.sessions.replay'),
      { sessionId: session.sessionId },
      { preserveScroll: true },
    );
  const columns: Column<IngestedSessionDto>[] = [
    {
      key: 'startTime',
      header: 'Start',
      cell: (s) => <time dateTime={s.startTime}>{formatDateTime(s.startTime)}</time>,
    },
    {
      key: 'series',
      header: 'Series',
      cell: (s) => (
        <span>
          {s.seriesName}
          <span className="block text-xs text-ink-muted">week {s.raceWeekNum + 1}</span>
        </span>
      ),
    },
    {
      key: 'track',
      header: 'Track',
      hideBelow: 'md',
      cell: (s) =>
        s.track.configName ? `${s.track.trackName} · ${s.track.configName}` : s.track.trackName,
    },
    {
      key: 'session',
      header: 'Session',
      cell: (s) => (
        <a
          href={route('sessions.show', { id: s.sessionId })}
          className="font-mono text-accent underline"
        >
          {s.sessionId}
        </a>
      ),
    },
    {
      key: 'splits',
      header: 'Splits · drivers',
      numeric: true,
      hideBelow: 'lg',
      cell: (s) => `${s.numSubsessions} · ${s.numDrivers}`,
    },
    {
      key: 'lastReplay',
      header: 'Last replay',
      hideBelow: 'lg',
      cell: (s) =>
        s.lastReplay ? (
          <span>
            run {s.lastReplay.run}: {s.lastReplay.status}
          </span>
        ) : (
          <span className="text-ink-muted">never</span>
        ),
    },
    {
      key: 'action',
      header: 'Action',
      cell: (s) => (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => replay(s)}
          data-test={`replay-session-${s.sessionId}`}
          aria-label={`Replay session ${s.sessionId}`}
        >
          <RotateCw aria-hidden="true" className="size-4" /> Replay
        </Button>
      ),
    },
  ];
  const searchQuery = Object.fromEntries(
    Object.entries(search).filter(([, v]) => v !== ''),
  ) as Record<string, string>;
  return (
    <Card title="Ingested sessions" className="mb-8" flush>
      <form
        method="get"
        action={route('admin.sessions')}
        className="flex flex-wrap items-end gap-3 p-4"
        data-test="sessions-search"
      >
        <SearchField label="Series" name="series" value={search.series} />
        <SearchField label="Track" name="track" value={search.track} />
        <SearchField label="Day (UTC)" name="date" value={search.date} type="date" />
        <Button type="submit" variant="secondary" data-test="sessions-search-submit">
          Search
        </Button>
        {(search.series || search.track || search.date) && (
          <Link
            href={route('admin.sessions')}
            className="self-center text-sm text-accent underline"
          >
            Clear
          </Link>
        )}
      </form>
      <DataTable
        caption="Ingested sessions, newest first"
        columns={columns}
        rows={sessions.items}
        rowKey={(s) => s.sessionId}
        empty="No ingested session matches."
        rowTestId={(s) => `ingested-session-${s.sessionId}`}
        data-test="ingested-sessions-table"
      />
      <div className="flex gap-4 p-4 text-sm">
        {!sessions.isFirstPage && (
          <Link href={route('admin.sessions', {}, searchQuery)} className="text-accent underline">
            Newest sessions
          </Link>
        )}
        {sessions.nextCursor && (
          <Link
            href={route('admin.sessions', {}, { ...searchQuery, cursor: sessions.nextCursor })}
            className="text-accent underline"
            data-test="sessions-older"
          >
            Older sessions
          </Link>
        )}
      </div>
    </Card>
  );
}

function SearchField({
  label,
  name,
  value,
  type = 'search',
}: {
  label: string;
  name: string;
  value: string;
  type?: 'search' | 'date';
}) {
  const id = `sessions-search-${name}`;
  return (
    <div className="grid min-w-40 flex-1 gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <Input id={id} name={name} type={type} defaultValue={value} key={value} />
    </div>
  );
}
