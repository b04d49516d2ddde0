import { ErrorPage, GoHomeLink, ReloadPageButton } from '../../components/ErrorPage.tsx';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the server's page→props map is generated from this interface; this page takes no props.
export interface Props {}

/**
 * 419: a form was sent without a valid security (CSRF) token — usually the page was open for
 * a long time or the session ended. The server changed nothing; reloading gets a fresh token.
 */
export default function PageExpired(_props: Props) {
  return (
    <ErrorPage
      status={419}
      heading="This page has expired"
      actions={
        <>
          <ReloadPageButton>Reload the page</ReloadPageButton>
          <GoHomeLink variant="secondary" />
        </>
      }
    >
      <p className="mt-3 text-ink-muted">
        The form&rsquo;s security token is missing or out of date, so nothing was saved or changed.
        This happens when a page has been open for a long time or you signed out in another tab.
      </p>
      <p className="mt-2 text-ink-muted">Reload the page and try again.</p>
    </ErrorPage>
  );
}
