import { Head, Link } from '@inertiajs/react';
import { buttonClasses } from '../../components/Button.tsx';
import { route } from '../../generated/routes.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the server's page→props map is generated from this interface; this page takes no props.
export interface Props {}

/**
 * 419: a form was sent without a valid security (CSRF) token — usually the page was open for
 * a long time or the session ended. The server changed nothing; reloading gets a fresh token.
 */
export default function PageExpired(_props: Props) {
  return (
    <>
      <Head title="Page expired" />
      <section
        className="mx-auto max-w-xl py-12 text-center"
        aria-labelledby="page-expired-title"
        data-test="page-expired"
      >
        <p className="font-mono text-sm font-semibold tracking-widest text-warning">419</p>
        <h1 id="page-expired-title" className="mt-2 text-3xl font-bold tracking-tight text-ink">
          This page has expired
        </h1>
        <p className="mt-3 text-ink-muted">
          The form&rsquo;s security token is missing or out of date, so nothing was saved or
          changed. This happens when a page has been open for a long time or you signed out in
          another tab.
        </p>
        <p className="mt-2 text-ink-muted">Reload the page and try again.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className={buttonClasses('primary')}
            data-test="reload-page"
          >
            Reload the page
          </button>
          <Link href={route('index')} className={buttonClasses('secondary')} data-test="go-home">
            Go to the home page
          </Link>
        </div>
      </section>
    </>
  );
}
