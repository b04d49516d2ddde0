import { Head, Link } from '@inertiajs/react';
import { ArrowLeft } from 'lucide-react';
import { route } from '../../generated/routes.ts';
import { articleBodyClasses, formatArticleDate, readingTime } from '../../lib/article-format.ts';
import type { ArticleDto } from '../../generated/dtos.ts';

export interface Props {
  article: ArticleDto;
}

/**
 * One published article. `bodyHtml` was rendered from markdown and sanitized by the server when
 * the article was saved (no script, handler attribute or javascript:/data: URL survives), so it
 * is injected as is.
 */
export default function NewsShow({ article }: Props) {
  const updated = formatArticleDate(article.updatedAt);
  const published = formatArticleDate(article.publishedAt);
  return (
    <>
      <Head title={article.title}>
        <meta name="description" content={article.summary} />
        <meta property="og:type" content="article" />
        <meta property="og:title" content={article.title} />
        <meta property="og:description" content={article.summary} />
      </Head>
      <article
        className="mx-auto max-w-3xl"
        aria-labelledby="article-title"
        data-test="news-article"
      >
        <Link
          href={route('news.index')}
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-ink-muted hover:text-ink"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All news
        </Link>
        <header className="mt-4 border-b border-line pb-6">
          <h1
            id="article-title"
            className="text-3xl leading-tight font-bold tracking-tight text-ink sm:text-4xl"
          >
            {article.title}
          </h1>
          {article.excerpt && <p className="mt-3 text-lg text-ink-muted">{article.excerpt}</p>}
          <p className="mt-4 text-sm text-ink-muted">
            Published <time dateTime={article.publishedAt}>{published}</time>
            {updated !== published && (
              <>
                <span aria-hidden="true"> · </span>
                Updated <time dateTime={article.updatedAt}>{updated}</time>
              </>
            )}
            <span aria-hidden="true"> · </span>
            {readingTime(article.readingMinutes)}
          </p>
        </header>
        <div
          className={`mt-6 ${articleBodyClasses}`}
          data-test="article-body"
          dangerouslySetInnerHTML={{ __html: article.bodyHtml }}
        />
      </article>
    </>
  );
}
