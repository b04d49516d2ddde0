import { ErrorPage, GoHomeLink } from '../../components/ErrorPage.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the server's page→props map is generated from this interface; this page takes no props.
export interface Props {}

/** 404: the address matches no page, or the thing it names (a driver, an article) doesn't exist. */
export default function NotFound(_props: Props) {
  return (
    <ErrorPage status={404} heading="Page not found" actions={<GoHomeLink />}>
      <p className="mt-3 text-ink-muted">
        There is no page at this address. It may have moved, or the driver, series or article it
        points to doesn&rsquo;t exist.
      </p>
      <div className="mx-auto mt-8 max-w-sm">
        <SearchBox tone="panel" />
      </div>
    </ErrorPage>
  );
}
