import { Deferred, Head, Link } from '@inertiajs/react';
import { ArrowRight, FileText, RotateCw } from 'lucide-react';
import { Badge, type BadgeTone } from '../../components/Badge.tsx';
import { ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { SkeletonRows } from '../../components/Skeleton.tsx';
import { route } from '../../generated/routes.ts';
import { StatusBadge } from './Articles/Edit.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import type { AdminArticleListItemDto, SessionReplayDto } from '../../generated/dtos.ts';
import type { ArticleCounts } from './Articles/types.ts';

/** One read model's health, as the dashboard shows it. */
export interface ProjectionHealth {
  name: string;
  state: 'running' | 'rebuilding' | 'failed' | 'idle' | 'not-built' | 'stale-version' | 'orphan';
  /** Events of its types it has not applied yet; null when it was never built. */
  lag: number | null;
  /** `lag` is a lower bound: counting stopped at the cap. */
  lagCapped: boolean;
  lastError: string | null;
  updatedAt: string | null;
}

export interface Props {
  articles: { counts: ArticleCounts; recent: AdminArticleListItemDto[] };
  replays: { total: number; recent: SessionReplayDto[] };
  /** Deferred: loaded after the first render. */
  projections?: ProjectionHealth[];
}

const stateTones: Record<ProjectionHealth['state'], BadgeTone> = {
  idle: 'success',
  running: 'info',
  rebuilding: 'warning',
  failed: 'danger',
  'not-built': 'warning',
  'stale-version': 'warning',
  orphan: 'neutral',
};

/** `/admin`: the newsroom at a glance, the latest replays, and whether the read models keep up. */
export default function Dashboard({ articles, replays, projections }: Props) {
  return (
    <>
      <Head title="Admin" />
      <h1 className="mb-6 text-2xl font-bold tracking-tight text-ink">Dashboard</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card
          title="Articles"
          actions={
            <Link
              href={route('admin.articles')}
              className="inline-flex items-center gap-1 text-sm text-accent hover:underline"
            >
              All articles <ArrowRight aria-hidden="true" className="size-3.5" />
            </Link>
          }
          data-test="dashboard-articles"
        >
          <dl className="grid grid-cols-3 gap-3 text-center">
            <Stat label="Published" value={articles.counts.published} test="count-published" />
            <Stat label="Drafts" value={articles.counts.draft} test="count-draft" />
            <Stat label="Total" value={articles.counts.all} test="count-all" />
          </dl>
          <h3 className="mt-5 mb-2 text-xs font-semibold tracking-wide text-ink-muted uppercase">
            Recently changed
          </h3>
          {articles.recent.length === 0 ? (
            <p className="text-sm text-ink-muted">No articles yet.</p>
          ) : (
            <ul className="divide-y divide-line">
              {articles.recent.map((a) => (
                <li key={a.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <Link
                    href={route('admin.articles.edit', { id: a.id })}
                    className="min-w-0 truncate font-medium text-ink hover:text-accent hover:underline"
                  >
                    {a.title}
                  </Link>
                  <StatusBadge status={a.status} />
                </li>
              ))}
            </ul>
          )}
          <ButtonLink
            href={route('admin.articles.create')}
            variant="secondary"
            size="sm"
            className="mt-4"
          >
            <FileText aria-hidden="true" className="size-4" /> New article
          </ButtonLink>
        </Card>

        <Card
          title="Session replays"
          actions={
            <Link
              href={route('admin.sessions')}
              className="inline-flex items-center gap-1 text-sm text-accent hover:underline"
            >
              All replays ({replays.total}) <ArrowRight aria-hidden="true" className="size-3.5" />
            </Link>
          }
          data-test="dashboard-replays"
        >
          {replays.recent.length === 0 ? (
            <p className="text-sm text-ink-muted">No replay has been requested yet.</p>
          ) : (
            <ul className="divide-y divide-line">
              {replays.recent.map((r) => (
                <li
                  key={`${r.sessionId}-${r.run}`}
                  className="flex items-center justify-between gap-3 py-2 text-sm"
                >
                  <span className="font-mono">
                    {r.sessionId} <span className="text-ink-muted">· run {r.run}</span>
                  </span>
                  <span className="flex items-center gap-2">
                    <time dateTime={r.requestedAt} className="hidden text-ink-muted sm:inline">
                      {formatDateTime(r.requestedAt)}
                    </time>
                    <Badge tone={replayTone(r.status)}>{r.status}</Badge>
                  </span>
                </li>
              ))}
            </ul>
          )}
          <ButtonLink href={route('admin.sessions')} variant="secondary" size="sm" className="mt-4">
            <RotateCw aria-hidden="true" className="size-4" /> Replay a session
          </ButtonLink>
        </Card>

        <Card title="Read models" className="lg:col-span-2" flush data-test="dashboard-projections">
          <Deferred
            data="projections"
            fallback={<SkeletonRows rows={4} label="Loading read model health…" className="p-4" />}
          >
            <ProjectionTable rows={projections ?? []} />
          </Deferred>
        </Card>
      </div>
    </>
  );
}

function replayTone(status: SessionReplayDto['status']): BadgeTone {
  return status === 'done'
    ? 'success'
    : status === 'failed'
      ? 'danger'
      : status === 'running'
        ? 'info'
        : 'neutral';
}

function Stat({ label, value, test }: { label: string; value: number; test: string }) {
  return (
    <div className="rounded-md bg-surface-muted px-2 py-3">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="text-2xl font-bold text-ink tabular-nums" data-test={test}>
        {value}
      </dd>
    </div>
  );
}

function ProjectionTable({ rows }: { rows: ProjectionHealth[] }) {
  if (rows.length === 0) return <p className="p-4 text-sm text-ink-muted">No read models.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm tabular-nums">
        <caption className="sr-only">Read models and how far behind the event log they are</caption>
        <thead className="bg-surface-muted text-xs tracking-wide text-ink-muted uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Read model
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              State
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Behind (events)
            </th>
            <th scope="col" className="hidden px-3 py-2 text-left font-semibold md:table-cell">
              Last error
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.name} className="border-b border-line last:border-b-0">
              <td className="px-3 py-1.5 font-mono">{p.name}</td>
              <td className="px-3 py-1.5">
                <Badge tone={stateTones[p.state]}>{p.state}</Badge>
              </td>
              <td className="px-3 py-1.5 text-right">
                {p.lag === null ? '—' : `${p.lagCapped ? '≥ ' : ''}${p.lag.toLocaleString('en')}`}
              </td>
              <td className="hidden max-w-md truncate px-3 py-1.5 text-danger md:table-cell">
                {p.lastError ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
