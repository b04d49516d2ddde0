import { Head } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { articleBodyClasses } from '../lib/article-format.ts';

export interface LegalPageProps {
  /** The document title and the heading. */
  title: string;
  /** `data-test` of the article. */
  testId: string;
  /** The heading's id (the article is labelled by it). */
  titleId: string;
  /** When this version took effect: ISO date, and as a reader reads it. */
  effectiveDate: { iso: string; text: string };
  /** The text, in plain HTML elements (headings, paragraphs, lists) styled like an article. */
  children: ReactNode;
}

/** The frame of a legal text (privacy policy, terms): title, effective date, then the text. */
export function LegalPage({ title, testId, titleId, effectiveDate, children }: LegalPageProps) {
  return (
    <>
      <Head title={title} />
      <article className="mx-auto max-w-3xl" aria-labelledby={titleId} data-test={testId}>
        <header className="border-b border-line pb-6">
          <h1 id={titleId} className="text-3xl font-bold tracking-tight text-ink">
            {title}
          </h1>
          <p className="mt-2 text-sm text-ink-muted">
            Effective <time dateTime={effectiveDate.iso}>{effectiveDate.text}</time>
          </p>
        </header>
        <div className={`mt-6 ${articleBodyClasses}`}>{children}</div>
      </article>
    </>
  );
}
