import { Head, Link } from '@inertiajs/react';
import { buttonClasses } from '../../components/Button.tsx';
import { route } from '../../generated/routes.ts';

export interface Props {
  /** The request id from the server log, so a report can be matched to it. Never a stack. */
  requestId?: string | null;
}

/**
 * 500: something failed on the server. Says so plainly and offers a way on; it never shows
 * error details, whatever the environment — those stay in the server log.
 */
export default function ServerError({ requestId }: Props) {
  return (
    <>
      <Head title="Something went wrong" />
      <section
        className="mx-auto max-w-xl py-12 text-center"
        aria-labelledby="server-error-title"
        data-test="server-error"
      >
        <p className="font-mono text-sm font-semibold tracking-widest text-danger">500</p>
        <h1 id="server-error-title" className="mt-2 text-3xl font-bold tracking-tight text-ink">
          Something went wrong on our side
        </h1>
        <p className="mt-3 text-ink-muted">
          The server couldn&rsquo;t finish this request. Nothing you did caused it. Try again in a
          moment; if it keeps happening, let us know.
        </p>
        {requestId && (
          <p className="mt-4 text-sm text-ink-muted">
            Reference:{' '}
            <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-ink">
              {requestId}
            </code>
          </p>
        )}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className={buttonClasses('primary')}
            data-test="reload-page"
          >
            Try again
          </button>
          <Link href={route('index')} className={buttonClasses('secondary')} data-test="go-home">
            Go to the home page
          </Link>
        </div>
      </section>
    </>
  );
}
