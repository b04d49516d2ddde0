import { Head } from '@inertiajs/react';
import { UserRound } from 'lucide-react';
import { ButtonLink } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { route } from '../../generated/routes.ts';
import { formatDate } from '../../lib/racing-format.ts';
import { BoardTabs, ProfileCardView } from '../../components/recruitment/parts.tsx';
import type { FormLimits, ProfileCard } from './types.ts';

export interface Props {
  profiles: ProfileCard[];
  openCount: number;
  limits: FormLimits;
}

/** `/recruitment/mine`: the member's own profiles, open first, with how long each stays open. */
export default function RecruitmentMine({ profiles, openCount, limits }: Props) {
  const full = openCount >= limits.openProfilesMax;
  return (
    <>
      <Head title="My recruitment profiles" />
      <header className="mb-4">
        <h1 className="text-3xl font-bold tracking-tight text-ink">My recruitment profiles</h1>
        <p className="mt-2 text-ink-muted" data-test="open-count">
          {openCount} of {limits.openProfilesMax} open profiles. A profile stays open for{' '}
          {limits.openDays} days; renew it from its edit form to keep it on the board.
          {full && ' Close or delete one to publish another.'}
        </p>
      </header>
      <BoardTabs current="mine" signedIn />
      {profiles.length === 0 ? (
        <EmptyState
          icon={UserRound}
          title="You have no profiles yet"
          description="Tell teams what you are looking for, or find drivers for your team."
          action={<ButtonLink href={route('recruitment.create')}>New profile</ButtonLink>}
        />
      ) : (
        <ol className="grid gap-4" data-test="my-profiles">
          {profiles.map((p) => (
            <li key={p.id} className="grid gap-2">
              <ProfileCardView profile={p} />
              <p className="flex flex-wrap items-center gap-3 text-sm text-ink-muted">
                {p.status === 'open'
                  ? `Open until ${formatDate(p.expiresAt)}.`
                  : 'Not on the board.'}
                <ButtonLink
                  href={route('recruitment.edit', { profileId: p.id })}
                  variant="secondary"
                  size="sm"
                  data-test="edit-link"
                >
                  Edit{p.status === 'open' ? ' or renew' : ' or reopen'}
                </ButtonLink>
              </p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
