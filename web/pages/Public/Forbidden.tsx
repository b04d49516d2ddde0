import { Head, Link } from '@inertiajs/react';
import { buttonClasses } from '../../components/Button.tsx';
import { route } from '../../generated/routes.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the server's page→props map is generated from this interface; this page takes no props.
export interface Props {}

/** 403: signed in, but this page (the admin area) is not for this account. Nothing is shown of it. */
export default function Forbidden(_props: Props) {
  return (
    <>
      <Head title="Not allowed" />
      <section
        className="mx-auto max-w-xl py-12 text-center"
        aria-labelledby="forbidden-title"
        data-test="forbidden"
      >
        <p className="font-mono text-sm font-semibold tracking-widest text-danger">403</p>
        <h1 id="forbidden-title" className="mt-2 text-3xl font-bold tracking-tight text-ink">
          This page is not for your account
        </h1>
        <p className="mt-3 text-ink-muted">
          You are signed in, but this part of Pitwall is only open to administrators. If you think
          you should have access, ask an administrator.
        </p>
        <div className="mt-8 flex justify-center gap-3">
          <Link href={route('index')} className={buttonClasses('primary')} data-test="go-home">
            Go to the home page
          </Link>
        </div>
      </section>
    </>
  );
}
