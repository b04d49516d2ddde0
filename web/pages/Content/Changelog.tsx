import { Head } from '@inertiajs/react';
import { Badge } from '../../components/Badge.tsx';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the server's page→props map is generated from this interface; this page takes no props.
export interface Props {}

interface Release {
  version: string;
  /** ISO date. */
  date: string;
  title: string;
  changes: readonly {
    kind: 'Added' | 'Changed' | 'Fixed' | 'Security';
    items: readonly string[];
  }[];
}

/** Newest first. Add a release at the top when it ships. */
const releases: readonly Release[] = [
  {
    version: '0.1.0',
    date: '2026-11-22',
    title: 'First public release',
    changes: [
      {
        kind: 'Added',
        items: [
          'News: the latest articles on the home page, a paged news list and a page for every article.',
          'Racing data from the official iRacing Data API: drivers, series, seasons, sessions and their results.',
          'Accounts: sign up with a password or with Discord, and keep a list of favorite drivers.',
          'Light and dark themes that follow your system setting, with a switch in the header.',
          'A public JSON API for articles at /api/articles (paged).',
          'A demo mode: a fresh installation starts with generated racing data and demo news, so every page has something to show.',
        ],
      },
      {
        kind: 'Security',
        items: [
          'Every form and API call that changes something is protected against cross-site request forgery.',
          'Article text is sanitized when it is saved: no script, event handler or javascript: link can reach your browser.',
          'Deleting your account removes everything that identifies you.',
        ],
      },
    ],
  },
];

const kindTone = {
  Added: 'success',
  Changed: 'info',
  Fixed: 'warning',
  Security: 'danger',
} as const;

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** What changed in each release of the site. */
export default function Changelog(_props: Props) {
  return (
    <>
      <Head title="Changelog" />
      <div className="mx-auto max-w-3xl">
        <header className="border-b border-line pb-6">
          <h1 className="text-3xl font-bold tracking-tight text-ink">Changelog</h1>
          <p className="mt-2 text-ink-muted">New features, changes and fixes, newest first.</p>
        </header>
        <ol className="mt-6 space-y-10" data-test="changelog">
          {releases.map((release) => (
            <li key={release.version}>
              <section aria-labelledby={`release-${release.version}`}>
                <h2
                  id={`release-${release.version}`}
                  className="text-2xl font-bold tracking-tight text-ink"
                >
                  {release.version}{' '}
                  <span className="font-normal text-ink-muted">· {release.title}</span>
                </h2>
                <p className="mt-1 text-sm text-ink-muted">
                  <time dateTime={release.date}>{dateFormat.format(new Date(release.date))}</time>
                </p>
                {release.changes.map((group) => (
                  <div key={group.kind} className="mt-5">
                    <h3 className="text-sm font-semibold">
                      <Badge tone={kindTone[group.kind]}>{group.kind}</Badge>
                    </h3>
                    <ul className="mt-2 list-disc space-y-1.5 pl-6 text-ink">
                      {group.items.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  </div>
                ))}
              </section>
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
