import { Head, Link } from '@inertiajs/react';
import { Newspaper } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { route } from '../../generated/routes.ts';
import { formatArticleDate, readingTime } from './format.ts';
import type { ArticleSummary, PageMeta } from './types.ts';

export interface Props {
  articles: ArticleSummary[];
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

/** One article in a list: date, title (the link), summary, reading time. Shared with the home page. */
export function ArticleCard({
  article,
  headingLevel = 2,
}: {
  article: ArticleSummary;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article
      className="relative flex w-full flex-col rounded-lg border border-line bg-surface p-5 shadow-xs transition-colors focus-within:ring-2 focus-within:ring-focus hover:border-line-strong"
      data-test="article-card"
    >
      <p className="text-sm text-ink-muted">
        <time dateTime={article.publishedAt}>{formatArticleDate(article.publishedAt)}</time>
        <span aria-hidden="true"> · </span>
        {readingTime(article.readingMinutes)}
      </p>
      <Heading className="mt-2 text-lg leading-snug font-semibold text-ink">
        <Link
          href={route('news.show', { slug: article.slug })}
          prefetch
          className="outline-none after:absolute after:inset-0 after:content-['']"
        >
          {article.title}
        </Link>
      </Heading>
      <p className="mt-2 line-clamp-3 text-sm text-ink-muted">{article.summary}</p>
    </article>
  );
}
