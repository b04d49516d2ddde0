import { Head, Link } from '@inertiajs/react';
import { Flag, Megaphone, Users } from 'lucide-react';
import { Badge, LicenceBadge } from '../../components/Badge.tsx';
import { Card } from '../../components/Card.tsx';
import { ExternalLinks } from '../../components/ExternalLinks.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FilterLinks } from '../../components/FilterLinks.tsx';
import { When } from '../../components/racing/When.tsx';
import { route } from '../../generated/routes.ts';
import { countryName } from '../../lib/country.ts';
import {
  NONE,
  formatCategory,
  formatIrating,
  formatPosition,
  licenceClassOf,
} from '../../lib/racing-format.ts';
import type {
  RacingCategory,
  TeamDto,
  TeamEventResultDto,
  TeamMemberDto,
  TeamRecruitmentDto,
} from '../../generated/dtos.ts';
import { TEAM_CATEGORIES } from './types.ts';

export interface Props {
  team: TeamDto;
  /** The category whose licence and iRating the members table shows. */
  category: RacingCategory;
  /** The team's recent team-event entries (driven by at least one member), newest first. */
  results: TeamEventResultDto[];
  /** The team's open recruitment profiles, newest first. */
  recruitment: TeamRecruitmentDto[];
}

const FORMATS: Record<string, string> = {
  sprint: 'Sprint races',
  endurance: 'Endurance races',
  both: 'Sprint and endurance',
};

/** "Sports car: 2000+ iRating, B licence" for each category the profile asks something in. */
function requirementText(r: TeamRecruitmentDto['requirements'][number]): string {
  const parts = [
    r.minIRating !== null ? `${formatIrating(r.minIRating)}+ iRating` : null,
    r.minLicence ? `${r.minLicence} licence or better` : null,
  ].filter(Boolean);
  return `${formatCategory(r.category)}: ${parts.join(', ')}`;
}

const resultColumns: Column<TeamEventResultDto>[] = [
  {
    key: 'date',
    header: 'Date',
    cell: (r) => <When iso={r.startTime} show="date" />,
  },
  {
    key: 'series',
    header: 'Series',
    cell: (r) => (
      <Link
        href={route('series.show', { id: r.seriesId })}
        className="text-ink hover:text-accent hover:underline"
      >
        {r.seriesName}
      </Link>
    ),
  },
  {
    key: 'track',
    header: 'Track',
    hideBelow: 'md',
    cell: (r) => (r.configName ? `${r.trackName} – ${r.configName}` : r.trackName),
  },
  {
    key: 'class',
    header: 'Class pos.',
    numeric: true,
    cell: (r) => (
      <Link
        href={route('subsessions.show', { id: r.subsessionId })}
        className="font-medium text-accent hover:underline"
        data-test="team-result-link"
      >
        {formatPosition(r.finishPositionInClass)}
        <span className="text-ink-muted"> of {r.classEntries}</span>
        <span className="sr-only"> (race results)</span>
      </Link>
    ),
  },
  {
    key: 'overall',
    header: 'Overall',
    numeric: true,
    hideBelow: 'sm',
    cell: (r) => formatPosition(r.finishPosition),
  },
  {
    key: 'entry',
    header: 'Entry and drivers',
    cell: (r) => (
      <div>
        <div className="text-ink">
          {r.iracingTeamName ?? `Team #${r.iracingTeamId}`}
          <span className="text-ink-muted"> · {r.carName}</span>
        </div>
        <ul className="flex flex-wrap gap-x-2 text-xs text-ink-muted" aria-label="Drivers">
          {r.drivers.map((d) => (
            <li key={d.custId}>
              <Link
                href={route('drivers.show', { id: d.custId })}
                className={d.member ? 'font-medium text-ink hover:underline' : 'hover:underline'}
              >
                {d.displayName}
              </Link>
              {d.member && <span className="sr-only"> (team member)</span>}
            </li>
          ))}
        </ul>
      </div>
    ),
  },
];

/**
 * `/teams/{slug}`: who the team is, its links, its members' live licence and iRating, its
 * recent team-event results and its open recruitment profiles.
 */
export default function TeamsShow({ team, category, results, recruitment }: Props) {
  const licenceOf = (m: TeamMemberDto) => m.licenses.find((l) => l.category === category) ?? null;
  const columns: Column<TeamMemberDto>[] = [
    {
      key: 'name',
      header: 'Driver',
      sortable: true,
      value: (m) => m.displayName ?? `#${m.custId}`,
      cell: (m) =>
        m.displayName ? (
          <Link
            href={route('drivers.show', { id: m.custId })}
            className="font-medium text-ink hover:text-accent hover:underline"
            data-test="member-link"
          >
            {m.displayName}
          </Link>
        ) : (
          <span className="text-ink-muted">
            Driver #{m.custId} <span className="text-xs">(no racing data yet)</span>
          </span>
        ),
    },
    {
      key: 'country',
      header: 'Country',
      sortable: true,
      hideBelow: 'sm',
      value: (m) => (m.countryCode ? countryName(m.countryCode) : null),
      cell: (m) => (m.countryCode ? countryName(m.countryCode) : NONE),
    },
    {
      key: 'licence',
      header: 'Licence',
      sortable: true,
      numeric: true,
      value: (m) => licenceOf(m)?.licenseLevel ?? null,
      cell: (m) => {
        const l = licenceOf(m);
        const cls = licenceClassOf(l?.licenseClass);
        return cls ? <LicenceBadge licence={cls} safetyRating={l?.safetyRating} /> : NONE;
      },
    },
    {
      key: 'irating',
      header: 'iRating',
      sortable: true,
      numeric: true,
      value: (m) => licenceOf(m)?.irating ?? null,
      cell: (m) => formatIrating(licenceOf(m)?.irating),
    },
  ];

  return (
    <>
      <Head title={team.name}>
        <meta
          name="description"
          content={team.description?.slice(0, 160) ?? `${team.name}: members and live iRating.`}
        />
      </Head>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-ink-muted">
        <Link href={route('teams.index')} className="hover:underline">
          Teams
        </Link>
      </nav>
      <header className="mb-6">
        <h1
          className="flex flex-wrap items-center gap-3 text-3xl font-bold tracking-tight text-ink"
          data-test="team-name"
        >
          {team.logoUrl && (
            <img
              src={team.logoUrl}
              alt={`${team.name} logo`}
              width={64}
              height={64}
              className="size-16 shrink-0 rounded-md object-contain"
              data-test="team-logo"
            />
          )}
          {team.name}
          {team.tag && <Badge className="text-sm">{team.tag}</Badge>}
        </h1>
        {team.description && (
          <div className="mt-3 max-w-prose space-y-2 text-ink-muted" data-test="team-description">
            {team.description.split(/\n{2,}/).map((paragraph, i) => (
              <p key={i} className="whitespace-pre-line">
                {paragraph}
              </p>
            ))}
          </div>
        )}
        <ExternalLinks links={team.links} label="Team links" />
      </header>
      <dl className="mb-6 grid max-w-xl grid-cols-2 gap-4 sm:grid-cols-3">
        <div className="rounded-lg border border-line bg-surface p-3">
          <dt className="text-xs tracking-wide text-ink-muted uppercase">Members</dt>
          <dd className="text-2xl font-bold text-ink tabular-nums" data-test="team-member-count">
            {team.memberCount}
          </dd>
        </div>
        <div className="rounded-lg border border-line bg-surface p-3">
          <dt className="text-xs tracking-wide text-ink-muted uppercase">
            Avg iRating, {formatCategory(category)}
          </dt>
          <dd className="text-2xl font-bold text-ink tabular-nums">
            {formatIrating(team.averageIrating)}
          </dd>
        </div>
        <div className="rounded-lg border border-line bg-surface p-3">
          <dt className="text-xs tracking-wide text-ink-muted uppercase">Rated drivers</dt>
          <dd className="text-2xl font-bold text-ink tabular-nums">{team.ratedMembers}</dd>
        </div>
      </dl>
      <Card title="Members" flush>
        <FilterLinks
          label="Licence category"
          className="border-b border-line px-4 py-3"
          options={TEAM_CATEGORIES.map((c) => ({ value: c, label: formatCategory(c) }))}
          current={category}
          href={(c) =>
            route('teams.show', { slug: team.slug }, c === 'sports_car' ? {} : { category: c })
          }
        />
        {team.members.length === 0 ? (
          <EmptyState
            className="m-4"
            icon={Users}
            headingLevel={3}
            title="No members listed yet"
            description="The team's drivers appear here once they are added to the team."
          />
        ) : (
          <DataTable
            caption={`Members of ${team.name}`}
            columns={columns}
            rows={team.members}
            rowKey={(m) => m.custId}
            clientSort
            sort={{ key: 'irating', direction: 'desc' }}
            data-test="team-members"
          />
        )}
      </Card>
      <Card
        title="Recruiting"
        className="mt-6"
        actions={
          <Link href={route('recruitment.teams')} className="text-sm text-accent hover:underline">
            All team profiles
          </Link>
        }
      >
        {recruitment.length === 0 ? (
          <EmptyState
            icon={Megaphone}
            headingLevel={3}
            title="Not recruiting right now"
            description="Open recruitment profiles of this team appear here. Drivers looking for a team are on the recruitment board."
          />
        ) : (
          <ul className="divide-y divide-line" data-test="team-recruitment">
            {recruitment.map((p) => (
              <li key={p.id} className="py-3 first:pt-0 last:pb-0">
                <Link
                  href={route('recruitment.profile.show', { profileId: p.id })}
                  className="font-medium text-accent hover:underline"
                  data-test="team-recruitment-link"
                >
                  {p.title}
                </Link>
                <p className="text-sm text-ink-muted">
                  {p.categories.map(formatCategory).join(', ')} · {FORMATS[p.format] ?? p.format} ·
                  posted <When iso={p.createdAt} show="date" />, open until{' '}
                  <When iso={p.expiresAt} show="date" />
                </p>
                {p.requirements.length > 0 && (
                  <p className="text-sm text-ink-muted">
                    Asks for: {p.requirements.map(requirementText).join('; ')}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Team event results" flush className="mt-6">
        {results.length === 0 ? (
          <EmptyState
            className="m-4"
            icon={Flag}
            headingLevel={3}
            title="No team-event results yet"
            description="Races of team events (endurance and team series) appear here once a member drives one in an iRacing team."
          />
        ) : (
          <DataTable
            caption={`Recent team-event results of ${team.name}`}
            columns={resultColumns}
            rows={results}
            rowKey={(r) => `${r.subsessionId}-${r.iracingTeamId}`}
            data-test="team-results"
          />
        )}
      </Card>
    </>
  );
}
