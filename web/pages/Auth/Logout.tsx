import { Head, Link } from '@inertiajs/react';
import { Button } from '../../components/Button.tsx';
import { route } from '../../generated/routes.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the server's page→props map is generated from this interface; this page takes no props.
export interface Props {}

/**
 * Asks before signing out: a GET never ends a session (another site could link here), the
 * button posts the form. A plain form: the answer is a full page load, which drops every page
 * of the signed-in user the client kept.
 */
export default function Logout(_props: Props) {
  return (
    <>
      <Head title="Log out" />
      <h1 className="text-2xl font-bold tracking-tight text-ink">Log out of Pitwall?</h1>
      <p className="mt-1 text-sm text-ink-muted">
        You will need your password or Discord to sign in again on this device.
      </p>
      <form
        method="post"
        action={route('auth.logout.submit')}
        className="mt-6 flex items-center justify-between gap-3"
        data-test="logout-form"
      >
        <Link href={route('index')} className="text-sm text-accent hover:underline">
          Stay signed in
        </Link>
        <Button type="submit" data-test="logout-submit">
          Log out
        </Button>
      </form>
    </>
  );
}
