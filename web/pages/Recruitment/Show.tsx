import { Head, Link, router } from '@inertiajs/react';
import { useState } from 'react';
import { Badge } from '../../components/Badge.tsx';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { route } from '../../generated/routes.ts';
import { articleBodyClasses } from '../../lib/article-format.ts';
import { formatDate } from '../../lib/racing-format.ts';
import { BoardTabs, LiveRecord, ProfileFacts } from '../../components/recruitment/parts.tsx';
import type { ProfileDetail } from './types.ts';

export interface Props {
  profile: ProfileDetail;
  signedIn: boolean;
}

/**
 * `/recruitment/profiles/{id}`: the whole profile with its live racing record, the sanitised
 * description and — for signed-in members — the contact line. The owner edits or deletes it
 * here (an admin may delete); deleting asks for a confirmation first.
 */
export default function RecruitmentShow({ profile, signedIn }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const destroy = () => {
    router.delete(route('recruitment.destroy', { profileId: profile.id }), {
      onStart: () => setDeleting(true),
      onFinish: () => setDeleting(false),
    });
  };
  const login = route(
    'auth.login',
    {},
    { return_to: route('recruitment.profile.show', { profileId: profile.id }) },
  );
  return (
    <>
      <Head title={profile.title}>
        <meta name="description" content={profile.excerpt} />
      </Head>
      <BoardTabs current={profile.kind === 'driver' ? 'drivers' : 'teams'} signedIn={signedIn} />
      <article className="grid gap-6" data-test="profile">
        <header className="grid gap-2">
          <p className="text-sm text-ink-muted">
            {profile.kind === 'driver' ? 'Driver looking for a team' : 'Team looking for drivers'}
            {profile.author && <> · by {profile.author}</>} · posted {formatDate(profile.createdAt)}
            {profile.updatedAt !== profile.createdAt && (
              <>, updated {formatDate(profile.updatedAt)}</>
            )}
          </p>
          <h1 className="text-3xl font-bold tracking-tight text-ink" data-test="profile-title">
            {profile.title}
          </h1>
          {profile.status === 'closed' ? (
            <p>
              <Badge tone="warning" data-test="profile-closed">
                {profile.closeReason === 'expired'
                  ? 'Expired: this profile was not renewed within 60 days'
                  : 'Closed by its author'}
              </Badge>
            </p>
          ) : (
            <p className="text-sm text-ink-muted">Open until {formatDate(profile.expiresAt)}.</p>
          )}
          {(profile.canEdit || profile.canDelete) && (
            <div className="flex flex-wrap gap-2">
              {profile.canEdit && (
                <ButtonLink
                  href={route('recruitment.edit', { profileId: profile.id })}
                  variant="secondary"
                  data-test="edit-profile"
                >
                  Edit profile
                </ButtonLink>
              )}
              {profile.canDelete && !confirming && (
                <Button
                  variant="danger"
                  onClick={() => setConfirming(true)}
                  data-test="delete-profile"
                >
                  Delete…
                </Button>
              )}
            </div>
          )}
          {confirming && (
            <div className="grid gap-3 rounded-md border border-danger/40 p-3" role="alert">
              <p className="text-sm text-ink">
                Delete “{profile.title}”? It disappears from the board and cannot be restored.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="danger"
                  busy={deleting}
                  onClick={destroy}
                  data-test="confirm-delete"
                >
                  Yes, delete it
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(false)}>
                  Keep it
                </Button>
              </div>
            </div>
          )}
        </header>
        <Card title={profile.kind === 'driver' ? 'Racing record (live)' : 'Team (live)'}>
          <LiveRecord stats={profile.stats} />
        </Card>
        <Card title="About">
          <div
            className={articleBodyClasses}
            data-test="profile-description"
            dangerouslySetInnerHTML={{ __html: profile.descriptionHtml }}
          />
        </Card>
        <Card title="Details">
          <ProfileFacts profile={profile} />
        </Card>
        <Card title="Contact">
          {!profile.hasContact ? (
            <p className="text-sm text-ink-muted">The author left no contact line.</p>
          ) : signedIn ? (
            <p className="text-sm text-ink break-words" data-test="profile-contact">
              {profile.contact ?? 'The contact line is no longer available.'}
            </p>
          ) : (
            <p className="text-sm text-ink-muted" data-test="contact-sign-in">
              <Link href={login} className="text-accent hover:underline">
                Sign in
              </Link>{' '}
              to see how to reach the author.
            </p>
          )}
        </Card>
      </article>
    </>
  );
}
