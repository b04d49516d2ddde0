import { Head, Link } from '@inertiajs/react';
import { Download } from 'lucide-react';
import { Card } from '../../components/Card.tsx';
import { buttonClasses } from '../../components/Button.tsx';
import { route } from '../../generated/routes.ts';
import { formatDate, formatLapTime, NONE } from '../../lib/racing-format.ts';
import {
  SETUP_TYPE_NAMES,
  formatFileSize,
  setupTrackLabel,
} from '../../components/setups/types.ts';
import type { SetupDto } from '../../generated/dtos.ts';

export interface Props {
  setup: SetupDto;
}

/** `/setups/{id}`: what the setup is for, what it achieved, its notes and its file. */
export default function SetupShow({ setup }: Props) {
  const track = setupTrackLabel(setup.track);
  const title = `${setup.car.carName} at ${track}`;
  return (
    <>
      <Head title={`${title} setup`}>
        <meta
          name="description"
          content={`${SETUP_TYPE_NAMES[setup.type]} setup for the ${setup.car.carName} at ${track}.`}
        />
      </Head>
      <header className="mb-6">
        <p className="text-sm text-ink-muted">
          <Link href={route('setups')} className="hover:text-ink hover:underline">
            Car setups
          </Link>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
        <p className="mt-2 text-ink-muted">
          {SETUP_TYPE_NAMES[setup.type]} setup by {setup.author}
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card title="Setup">
          <dl className="grid gap-4 text-sm sm:grid-cols-2" data-test="setup-details">
            <Detail label="Car">
              <Link
                href={route('setups', {}, { car: setup.car.carId })}
                className="hover:text-accent hover:underline"
              >
                {setup.car.carName}
              </Link>
            </Detail>
            <Detail label="Track">
              <Link
                href={route('setups', {}, { track: setup.track.trackId })}
                className="hover:text-accent hover:underline"
              >
                {track}
              </Link>
            </Detail>
            <Detail label="Series">
              {setup.series ? (
                <Link
                  href={route('series.setups', { id: setup.series.seriesId })}
                  className="hover:text-accent hover:underline"
                >
                  {setup.series.name}
                </Link>
              ) : (
                NONE
              )}
            </Detail>
            <Detail label="Season">{setup.season?.name ?? NONE}</Detail>
            <Detail label="Type">{SETUP_TYPE_NAMES[setup.type]}</Detail>
            <Detail label="Lap time">
              <span className="tabular-nums" data-test="setup-lap-time">
                {formatLapTime(setup.lapTime)}
              </span>
            </Detail>
            <Detail label="Conditions">{setup.conditions ?? NONE}</Detail>
            <Detail label="Author">{setup.author}</Detail>
            <Detail label="Added">{formatDate(setup.createdAt)}</Detail>
            <Detail label="Downloads">{setup.downloads.toLocaleString('en')}</Detail>
          </dl>
          {setup.notes && (
            <div className="mt-6">
              <h2 className="text-sm font-semibold text-ink">Notes</h2>
              <p className="mt-1 whitespace-pre-line text-sm text-ink" data-test="setup-notes">
                {setup.notes}
              </p>
            </div>
          )}
        </Card>
        <Card title="File">
          <div className="grid gap-3 text-sm">
            <p className="font-mono break-all text-ink" data-test="setup-file-name">
              {setup.file.fileName}
            </p>
            <p className="text-ink-muted">{formatFileSize(setup.file.byteSize)}</p>
            <a
              href={route('setups.download', { id: setup.id })}
              download
              className={buttonClasses('primary', 'md')}
              data-test="setup-download"
            >
              <Download aria-hidden="true" className="size-4" /> Download setup
            </a>
            <p className="text-xs text-ink-muted">
              SHA-256 <span className="font-mono break-all">{setup.file.sha256}</span>
            </p>
          </div>
        </Card>
      </div>
    </>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium text-ink">{children}</dd>
    </div>
  );
}
