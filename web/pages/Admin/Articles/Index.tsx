import { Head, Link, router, usePage } from '@inertiajs/react';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { DataTable, type Column } from '../../../components/DataTable.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { route } from '../../../generated/routes.ts';
import { cn } from '../../../lib/cn.ts';
import { FormAlert } from './Create.tsx';
import { StatusBadge } from './Edit.tsx';
import { formatDateTime } from './format.ts';
import type {
  AdminArticleListItem,
  ArticleCounts,
  ArticleStatusFilter,
  PageMeta,
} from './types.ts';

export interface Props {
  articles: AdminArticleListItem[];
  meta: PageMeta;
  status: ArticleStatusFilter;
  counts: ArticleCounts;
}

const filters: readonly { value: ArticleStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Drafts' },
  { value: 'published', label: 'Published' },
];

const listUrl = (status: ArticleStatusFilter, page = 1) =>
  route(
    'admin.articles',
    {},
    {
      ...(status === 'all' ? {} : { status }),
      ...(page > 1 ? { page } : {}),
    },
  );

/** `/admin/articles`: every article, most recently changed first, filtered by status, paged. */
export default function ArticlesIndex({ articles, meta, status, counts }: Props) {
  const { errors } = usePage().props as { errors?: Record<string, string> };
  const problem = errors ? Object.values(errors)[0] : undefined;
  const [busyId, setBusyId] = useState<string | null>(null);

  const toggle = (article: AdminArticleListItem) => {
    const options = {
      preserveScroll: true,
      onStart: () => setBusyId(article.id),
      onFinish: () => setBusyId(null),
    };
    if (article.status === 'published') {
      router.delete(route('admin.articles.unpublish', { id: article.id }), options);
    } else {
      router.patch(route('admin.articles.publish', { id: article.id }), {}, options);
    }
  };

  const columns: Column<AdminArticleListItem>[] = [
    {
      key: 'title',
      header: 'Title',
      cell: (a) => (
        <div className="min-w-0">
          <Link
            href={route('admin.articles.edit', { id: a.id })}
            className="font-medium text-ink hover:text-accent hover:underline"
            data-test="article-edit-link"
          >
            {a.title}
          </Link>
          <p className="truncate font-mono text-xs text-ink-muted">/news/{a.slug}</p>
        </div>
      ),
    },
    { key: 'status', header: 'Status', cell: (a) => <StatusBadge status={a.status} /> },
    {
      key: 'updatedAt',
      header: 'Last changed',
      hideBelow: 'md',
      cell: (a) => <time dateTime={a.updatedAt}>{formatDateTime(a.updatedAt)}</time>,
    },
    {
      key: 'publishedAt',
      header: 'First published',
      hideBelow: 'lg',
      cell: (a) =>
        a.publishedAt ? (
          <time dateTime={a.publishedAt}>{formatDateTime(a.publishedAt)}</time>
        ) : (
          <span className="text-ink-muted">—</span>
        ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (a) => (
        <Button
          size="sm"
          variant="secondary"
          busy={busyId === a.id}
          onClick={() => toggle(a)}
          aria-label={`${a.status === 'published' ? 'Unpublish' : 'Publish'} “${a.title}”`}
          data-test={a.status === 'published' ? 'unpublish' : 'publish'}
        >
          {a.status === 'published' ? 'Unpublish' : 'Publish'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Head title="Articles" />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink">Articles</h1>
          <p className="mt-1 text-sm text-ink-muted">
            News on the site. Drafts are visible only here; publishing puts an article on the home
            page and in the news list.
          </p>
        </div>
        <ButtonLink href={route('admin.articles.create')} data-test="new-article">
          <Plus aria-hidden="true" className="size-4" /> New article
        </ButtonLink>
      </header>
      <FormAlert message={problem} />
      <nav aria-label="Filter by status" className="my-4 flex flex-wrap gap-1">
        {filters.map((f) => (
          <Link
            key={f.value}
            href={listUrl(f.value)}
            preserveScroll
            aria-current={status === f.value ? 'page' : undefined}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium',
              status === f.value
                ? 'bg-accent-soft text-accent'
                : 'text-ink-muted hover:bg-surface-muted hover:text-ink',
            )}
            data-test={`filter-${f.value}`}
          >
            {f.label} <span className="tabular-nums">({counts[f.value]})</span>
          </Link>
        ))}
      </nav>
      <div className="rounded-lg border border-line bg-surface shadow-xs">
        <DataTable
          caption="Articles"
          columns={columns}
          rows={articles}
          rowKey={(a) => a.id}
          empty={status === 'all' ? 'No articles yet. Write the first one.' : 'No articles here.'}
          data-test="articles-table"
        />
      </div>
      <Pagination
        className="mt-6"
        label="Article pages"
        page={meta.page}
        pageCount={meta.lastPage}
        href={(page) => listUrl(status, page)}
      />
    </>
  );
}
