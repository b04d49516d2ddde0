import { Head, Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { route } from '../generated/routes.ts';
import { cn } from '../lib/cn.ts';
import { buttonClasses, type ButtonVariant } from './Button.tsx';

/**
 * What each status shows: the document title, the colour of the code, and the section's
 * `data-test` (the heading's id is `<testId>-title`).
 */
const statuses = {
  403: { title: 'Not allowed', tone: 'text-danger', testId: 'forbidden' },
  404: { title: 'Page not found', tone: 'text-accent', testId: 'not-found' },
  419: { title: 'Page expired', tone: 'text-warning', testId: 'page-expired' },
  500: { title: 'Something went wrong', tone: 'text-danger', testId: 'server-error' },
} as const;

export type ErrorStatus = keyof typeof statuses;

export interface ErrorPageProps {
  status: ErrorStatus;
  heading: ReactNode;
  /** What happened and what to do, under the heading. */
  children: ReactNode;
  /** The ways on (buttons, links), centred under the text. */
  actions: ReactNode;
}

/**
 * The frame of an error page (403, 404, 419, 500): status code, heading, explanation and the
 * ways on, as a section labelled by its heading. The server sends it with that status.
 */
export function ErrorPage({ status, heading, children, actions }: ErrorPageProps) {
  const { title, tone, testId } = statuses[status];
  const titleId = `${testId}-title`;
  return (
    <>
      <Head title={title} />
      <section
        className="mx-auto max-w-xl py-12 text-center"
        aria-labelledby={titleId}
        data-test={testId}
      >
        <p className={cn('font-mono text-sm font-semibold tracking-widest', tone)}>{status}</p>
        <h1 id={titleId} className="mt-2 text-3xl font-bold tracking-tight text-ink">
          {heading}
        </h1>
        {children}
        <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
      </section>
    </>
  );
}

/** "Go to the home page", `data-test="go-home"`. */
export function GoHomeLink({ variant = 'primary' }: { variant?: ButtonVariant }) {
  return (
    <Link href={route('index')} className={buttonClasses(variant)} data-test="go-home">
      Go to the home page
    </Link>
  );
}

/** A full reload of the current address (a fresh page and token), `data-test="reload-page"`. */
export function ReloadPageButton({ children }: { children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={() => window.location.reload()}
      className={buttonClasses('primary')}
      data-test="reload-page"
    >
      {children}
    </button>
  );
}
