import { Head, Link, router, usePage } from '@inertiajs/react';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import type { Column } from '../../../components/DataTable.tsx';
import { dateTimeColumn } from '../../../components/DateTime.tsx';
import { FilterLinks, type FilterOption } from '../../../components/FilterLinks.tsx';
import { PagedDataTable } from '../../../components/PagedDataTable.tsx';
import { route } from '../../../generated/routes.ts';
import { filterPageQuery } from '../../../lib/pagination.ts';
import { FormAlert } from '../../../components/admin/AdminForm.tsx';
import { StatusBadge } from './Edit.tsx';
import type { AdminArticleListItemDto, PageMeta } from '../../../generated/dtos.ts';
import type { ArticleCounts, ArticleStatusFilter } from './types.ts';

export interface Props {
  articles: AdminArticleListItemDto[];
  meta: PageMeta;
  status: ArticleStatusFilter;
  counts: ArticleCounts;
}

const filters: readonly FilterOption<ArticleStatusFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Drafts' },
  { value: 'published', label: 'Published' },
];

const listUrl = (status: ArticleStatusFilter, page = 1) =>
  route('admin.articles', {}, filterPageQuery(status, page));

/** `/admin/articles`: every article, most recently changed first, filtered by status, paged. */
export default function ArticlesIndex({ articles, meta, status, counts }: Props) {
  const { errors } = usePage().props as { errors?: Record<string, string> };
  const problem = errors ? Object.values(errors)[0] : undefined;
  const [busyId, setBusyId] = useState<string | null>(null);

  const toggle = (article: AdminArticleListItemDto) => {
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

  const columns: Column<AdminArticleListItemDto>[] = [
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
    dateTimeColumn('updatedAt', 'Last changed', 'md'),
    dateTimeColumn('publishedAt', 'First published', 'lg'),
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
      <FilterLinks
        label="Filter by status"
        className="my-4"
        options={filters}
        current={status}
        href={listUrl}
        counts={counts}
      />
      <PagedDataTable
        caption="Articles"
        columns={columns}
        rows={articles}
        rowKey={(a) => a.id}
        empty={status === 'all' ? 'No articles yet. Write the first one.' : 'No articles here.'}
        data-test="articles-table"
        meta={meta}
        pagerLabel="Article pages"
        pageHref={(page) => listUrl(status, page)}
      />
    </>
  );
}
