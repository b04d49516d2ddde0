import { Link } from '@inertiajs/react';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import { Badge, LicenceBadge } from '../Badge.tsx';
import { route } from '../../generated/routes.ts';
import { cn } from '../../lib/cn.ts';
import {
  formatCategory,
  formatDate,
  formatInteger,
  formatIrating,
  formatPosition,
  formatSafetyRating,
  formatSignedInteger,
  licenceClassOf,
} from '../../lib/racing-format.ts';
import {
  FORMAT_NAMES,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type ProfileCard as Card,
} from '../../pages/Recruitment/types.ts';
import type {
  DriverStatsDto,
  FormRaceDto,
  ProfileStatsDto,
  TeamStatsDto,
} from '../../generated/dtos.ts';

/** Shared pieces of the recruitment pages: the profile card, the live record, the form strip. */

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
export const languageName = (code: string) => {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/** "Mon, Wed, Sat" in week order. */
export function formatDays(days: readonly string[]): string {
  return WEEKDAYS.filter((d) => days.includes(d))
    .map((d) => WEEKDAY_NAMES[d].slice(0, 3))
    .join(', ');
}

/** Links between the board's pages; `current` is marked for assistive technology. */
export function BoardTabs({
  current,
  signedIn,
}: {
  current: 'drivers' | 'teams' | 'mine';
  signedIn: boolean;
}) {
  const tab = (key: typeof current, href: string, label: string) => (
    <Link
      href={href}
      aria-current={current === key ? 'page' : undefined}
      className={cn(
        'rounded-md px-3 py-1.5 text-sm font-medium',
        current === key
          ? 'bg-accent-soft text-accent'
          : 'text-ink-muted hover:bg-surface-muted hover:text-ink',
      )}
      data-test={`tab-${key}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Recruitment board" className="mb-6 flex flex-wrap items-center gap-2">
      {tab('drivers', route('recruitment.drivers'), 'Drivers looking for a team')}
      {tab('teams', route('recruitment.teams'), 'Teams looking for drivers')}
      {signedIn && tab('mine', route('recruitment.mine'), 'My profiles')}
      <Link
        href={route('recruitment.create')}
        className="ml-auto rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-on-accent hover:bg-accent-hover"
        data-test="new-profile"
      >
        New profile
      </Link>
    </nav>
  );
}

export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge tone="success" data-test="verified">
      <BadgeCheck aria-hidden="true" className="size-3" /> Verified iRacing id
    </Badge>
  ) : (
    <Badge tone="warning" data-test="not-verified">
      <CircleAlert aria-hidden="true" className="size-3" /> iRacing id not verified
    </Badge>
  );
}

/** The recent form as a strip of finishing positions, newest first, each a link to its race. */
export function FormStrip({ races }: { races: FormRaceDto[] }) {
  if (races.length === 0)
    return <p className="text-sm text-ink-muted">No races in the racing data yet.</p>;
  return (
    <ol
      className="flex flex-wrap gap-1"
      aria-label="Last races, newest first"
      data-test="recent-form"
    >
      {races.map((r) => (
        <li key={r.subsessionId}>
          <Link
            href={route('subsessions.show', { id: r.subsessionId })}
            className={cn(
              'inline-flex min-w-9 justify-center rounded px-1.5 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset',
              r.finishPosition !== null && r.finishPosition <= 3
                ? 'bg-success-soft text-success ring-success/40'
                : 'bg-surface-muted text-ink ring-line-strong',
            )}
            title={`${r.seriesName}, ${formatDate(r.startTime)}: ${formatPosition(r.finishPosition)} of ${r.fieldSize}, ${r.incidents}x, iRating ${formatSignedInteger(r.iratingChange)}`}
            aria-label={`${formatPosition(r.finishPosition)} of ${r.fieldSize} in ${r.seriesName} on ${formatDate(r.startTime)}`}
          >
            {formatPosition(r.finishPosition)}
          </Link>
        </li>
      ))}
    </ol>
  );
}

function DriverRecord({ driver, compact }: { driver: DriverStatsDto; compact: boolean }) {
  return (
    <div className="grid gap-2" data-test="driver-stats">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Link
          href={route('drivers.show', { id: driver.custId })}
          className="font-semibold text-ink hover:text-accent hover:underline"
          data-test="driver-link"
        >
          {driver.displayName ?? `Customer ${driver.custId}`}
        </Link>
        <VerifiedBadge verified={driver.verified} />
      </div>
      {driver.licenses.length === 0 ? (
        <p className="text-sm text-ink-muted">
          The racing data has no licence for this driver yet.
        </p>
      ) : (
        <dl className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-2 text-sm">
          {driver.licenses.map((l) => {
            const cls = licenceClassOf(l.licenseClass);
            return (
              <div key={l.category} className="rounded-md border border-line p-2">
                <dt className="text-xs text-ink-muted">{formatCategory(l.category)}</dt>
                <dd className="flex items-center gap-2">
                  <span className="font-semibold tabular-nums" data-test="stat-irating">
                    {formatIrating(l.irating)}
                  </span>
                  <span className="sr-only">iRating,</span>
                  {cls ? (
                    <LicenceBadge licence={cls} safetyRating={l.safetyRating} />
                  ) : (
                    <span className="text-xs text-ink-muted">
                      SR {formatSafetyRating(l.safetyRating)}
                    </span>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      <div className="grid gap-1">
        <p className="text-xs text-ink-muted">
          Recent form
          {driver.averageFinish !== null &&
            ` · average finish P${driver.averageFinish.toFixed(1)}, ${driver.averageIncidents?.toFixed(1) ?? '—'} incidents a race`}
        </p>
        <FormStrip races={compact ? driver.recentForm.slice(0, 10) : driver.recentForm} />
      </div>
    </div>
  );
}

function TeamRecord({ team }: { team: TeamStatsDto | null }) {
  if (!team) return <p className="text-sm text-ink-muted">Not linked to a team of the catalog.</p>;
  return (
    <div className="grid gap-2" data-test="team-stats">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Link
          href={route('teams.show', { slug: team.slug })}
          className="font-semibold text-ink hover:text-accent hover:underline"
        >
          {team.name}
        </Link>
        {team.tag && <Badge>{team.tag}</Badge>}
        <span className="text-ink-muted">
          {team.memberCount === 1 ? '1 member' : `${team.memberCount} members`}
        </span>
      </p>
      {team.averages.length === 0 ? (
        <p className="text-sm text-ink-muted">No member is rated in these categories yet.</p>
      ) : (
        <dl className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-2 text-sm">
          {team.averages.map((a) => (
            <div key={a.category} className="rounded-md border border-line p-2">
              <dt className="text-xs text-ink-muted">
                {formatCategory(a.category)} members&apos; average
              </dt>
              <dd className="tabular-nums">
                <span className="font-semibold">{formatIrating(a.averageIrating)}</span> iRating ·
                SR {formatSafetyRating(a.averageSafetyRating)}
                <span className="block text-xs text-ink-muted">
                  over {formatInteger(a.ratedMembers)} rated
                </span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** The live record of a profile: the driver's, or the team members' averages. */
export function LiveRecord({
  stats,
  compact = false,
}: {
  stats: ProfileStatsDto | null;
  compact?: boolean;
}) {
  if (!stats) return null;
  return stats.kind === 'driver' ? (
    <DriverRecord driver={stats.driver} compact={compact} />
  ) : (
    <TeamRecord team={stats.team} />
  );
}

/** Categories, availability and languages as small facts. */
export function ProfileFacts({ profile }: { profile: Card }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-ink-muted">Categories</dt>
      <dd className="flex flex-wrap gap-1">
        {profile.categories.map((c) => (
          <Badge key={c} tone="accent">
            {formatCategory(c)}
          </Badge>
        ))}
      </dd>
      <dt className="text-ink-muted">Availability</dt>
      <dd>
        {formatDays(profile.availability.days)} · {profile.availability.timeZone} ·{' '}
        {FORMAT_NAMES[profile.availability.format]}
      </dd>
      <dt className="text-ink-muted">Languages</dt>
      <dd>{profile.languages.map(languageName).join(', ')}</dd>
      {profile.series.length > 0 && (
        <>
          <dt className="text-ink-muted">Series</dt>
          <dd>{profile.series.map((s) => s.name).join(', ')}</dd>
        </>
      )}
      {profile.requirements.length > 0 && (
        <>
          <dt className="text-ink-muted">Requirements</dt>
          <dd>
            {profile.requirements
              .map(
                (r) =>
                  `${formatCategory(r.category)}: ${[
                    r.minIRating !== null ? `${formatIrating(r.minIRating)}+ iRating` : null,
                    r.minLicence ? `licence ${r.minLicence} or better` : null,
                  ]
                    .filter(Boolean)
                    .join(', ')}`,
              )
              .join('; ')}
          </dd>
        </>
      )}
    </dl>
  );
}

/** A profile in a list. */
export function ProfileCardView({
  profile,
  headingLevel = 2,
}: {
  profile: Card;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article
      className="grid gap-3 rounded-lg border border-line bg-surface p-4 shadow-xs focus-within:ring-2 focus-within:ring-accent"
      data-test="profile-card"
      data-profile-id={profile.id}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="text-lg font-semibold text-ink">
          <Link
            href={route('recruitment.profile.show', { profileId: profile.id })}
            className="hover:text-accent hover:underline"
          >
            {profile.title}
          </Link>
        </Heading>
        <p className="text-xs text-ink-muted">
          {profile.status === 'closed' ? (
            <Badge tone="warning">{profile.closeReason === 'expired' ? 'Expired' : 'Closed'}</Badge>
          ) : (
            <>Posted {formatDate(profile.createdAt)}</>
          )}
        </p>
      </header>
      <LiveRecord stats={profile.stats} compact />
      <p className="text-sm text-ink-muted">{profile.excerpt}</p>
      <ProfileFacts profile={profile} />
    </article>
  );
}
