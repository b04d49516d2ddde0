import { ErrorPage, GoHomeLink, ReloadPageButton } from '../../components/ErrorPage.tsx';

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
    <ErrorPage
      status={500}
      heading="Something went wrong on our side"
      actions={
        <>
          <ReloadPageButton>Try again</ReloadPageButton>
          <GoHomeLink variant="secondary" />
        </>
      }
    >
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
    </ErrorPage>
  );
}
