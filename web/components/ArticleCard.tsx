import { Link } from '@inertiajs/react';
import { route } from '../generated/routes.ts';
import { formatArticleDate, readingTime } from '../lib/article-format.ts';

/** What a card shows of an article (an `ArticleSummary` has it). */
export interface ArticleCardArticle {
  slug: string;
  title: string;
  summary: string;
  readingMinutes: number;
  /** ISO-8601. */
  publishedAt: string;
}

export interface ArticleCardProps {
  article: ArticleCardArticle;
  headingLevel?: 2 | 3;
  /** The home page's lead story: larger title, full summary. */
  featured?: boolean;
}

const looks = {
  card: {
    testId: 'article-card',
    frame: 'flex w-full flex-col p-5 transition-colors',
    heading: 'mt-2 text-lg leading-snug font-semibold text-ink',
    summary: 'mt-2 line-clamp-3 text-sm text-ink-muted',
  },
  featured: {
    testId: 'featured-article',
    frame: 'p-6',
    heading: 'mt-2 text-2xl leading-tight font-bold tracking-tight text-ink',
    summary: 'mt-3 text-ink-muted',
  },
} as const;

/**
 * One article in a list: date, reading time, title and summary. The whole card is clickable
 * (the title link's overlay covers it) while only the title is a link for assistive
 * technology. `data-test`: `article-card`, or `featured-article` when `featured`.
 */
export function ArticleCard({ article, headingLevel = 2, featured = false }: ArticleCardProps) {
  const look = featured ? looks.featured : looks.card;
  const Heading = `h${headingLevel}` as const;
  return (
    <article
      className={`relative ${look.frame} rounded-lg border border-line bg-surface shadow-xs focus-within:ring-2 focus-within:ring-focus hover:border-line-strong`}
      data-test={look.testId}
    >
      <p className="text-sm text-ink-muted">
        <time dateTime={article.publishedAt}>{formatArticleDate(article.publishedAt)}</time>
        <span aria-hidden="true"> · </span>
        {readingTime(article.readingMinutes)}
      </p>
      <Heading className={look.heading}>
        <Link
          href={route('news.show', { slug: article.slug })}
          prefetch
          className="outline-none after:absolute after:inset-0 after:content-['']"
        >
          {article.title}
        </Link>
      </Heading>
      <p className={look.summary}>{article.summary}</p>
    </article>
  );
}
