import { ErrorPage, GoHomeLink } from '../../components/ErrorPage.tsx';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the server's page→props map is generated from this interface; this page takes no props.
export interface Props {}

/** 403: signed in, but this page (the admin area) is not for this account. Nothing is shown of it. */
export default function Forbidden(_props: Props) {
  return (
    <ErrorPage status={403} heading="This page is not for your account" actions={<GoHomeLink />}>
      <p className="mt-3 text-ink-muted">
        You are signed in, but this part of Pitwall is only open to administrators. If you think you
        should have access, ask an administrator.
      </p>
    </ErrorPage>
  );
}
