import { Head, Link } from '@inertiajs/react';
import { buttonClasses } from '../../components/Button.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { route } from '../../generated/routes.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the server's page→props map is generated from this interface; this page takes no props.
export interface Props {}

/** 404: the address matches no page, or the thing it names (a driver, an article) doesn't exist. */
export default function NotFound(_props: Props) {
  return (
    <>
      <Head title="Page not found" />
      <section
        className="mx-auto max-w-xl py-12 text-center"
        aria-labelledby="not-found-title"
        data-test="not-found"
      >
        <p className="font-mono text-sm font-semibold tracking-widest text-accent">404</p>
        <h1 id="not-found-title" className="mt-2 text-3xl font-bold tracking-tight text-ink">
          Page not found
        </h1>
        <p className="mt-3 text-ink-muted">
          There is no page at this address. It may have moved, or the driver, series or article it
          points to doesn&rsquo;t exist.
        </p>
        <div className="mx-auto mt-8 max-w-sm">
          <SearchBox tone="panel" />
        </div>
        <div className="mt-6 flex justify-center gap-3">
          <Link href={route('index')} className={buttonClasses('primary')} data-test="go-home">
            Go to the home page
          </Link>
        </div>
      </section>
    </>
  );
}
