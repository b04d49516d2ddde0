import { Head } from '@inertiajs/react';
import { Newspaper } from 'lucide-react';
import { ArticleCard } from '../../components/ArticleCard.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { route } from '../../generated/routes.ts';
import type { ArticleSummaryDto, PageMeta } from '../../generated/dtos.ts';

export interface Props {
  articles: ArticleSummaryDto[];
  meta: PageMeta;
}

/** The news list: newest first, paged by URL (`/news?page=2`), so back/forward and links work. */
export default function NewsIndex({ articles, meta }: Props) {
  const title = meta.page > 1 ? `News, page ${meta.page}` : 'News';
  return (
    <>
      <Head title={title}>
        <meta
          name="description"
          content="News, rules updates, reports and reviews for sim-racing drivers."
        />
      </Head>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink">News</h1>
        <p className="mt-2 text-ink-muted">
          Season launches, new cars, rules updates, race reports and hardware reviews.
        </p>
      </header>
      {articles.length === 0 ? (
        <EmptyState
          icon={Newspaper}
          title="No news yet"
          description="Published articles will appear here."
        />
      ) : (
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-test="news-list">
          {articles.map((article) => (
            <li key={article.id} className="flex">
              <ArticleCard article={article} />
            </li>
          ))}
        </ol>
      )}
      <Pagination
        className="mt-8"
        label="News pages"
        page={meta.page}
        pageCount={meta.lastPage}
        href={(page) => route('news.index', {}, page > 1 ? { page } : {})}
      />
    </>
  );
}
