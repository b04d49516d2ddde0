import { Head, Link, router, useForm } from '@inertiajs/react';
import { ExternalLink } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button.tsx';
import { Card } from '../../../components/Card.tsx';
import { FormSaved } from '../../../components/FormSaved.tsx';
import { route } from '../../../generated/routes.ts';
import { FormAlert, formError } from '../Articles/Create.tsx';
import { TeamFields } from './Create.tsx';
import type { AdminTeamEdit, TeamFormFields, TeamLimits } from './types.ts';

export interface Props {
  team: AdminTeamEdit;
  limits: TeamLimits;
}

type EditFormData = TeamFormFields & { expectedRevision: string };

const formDataOf = (team: AdminTeamEdit): EditFormData => ({
  name: team.name,
  slug: team.slug,
  tag: team.tag,
  description: team.description,
  links: team.links,
  members: team.members,
  expectedRevision: team.revision,
});

const teamOf = (page: { props: unknown }) => (page.props as Props).team;

/**
 * `/admin/teams/{id}`: edit or delete one team. The form carries the revision it was opened at;
 * a save after someone else's change is refused and the form offers the current version.
 * Deleting asks for a second, explicit confirmation.
 */
export default function EditTeam({ team, limits }: Props) {
  const form = useForm<EditFormData>(formDataOf(team));
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const behind = form.data.expectedRevision !== team.revision;

  const loadCurrent = (current: AdminTeamEdit) => {
    form.setDefaults(formDataOf(current));
    form.setData(formDataOf(current));
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    form.patch(route('admin.teams.update', { id: team.id }), {
      preserveScroll: true,
      onSuccess: (page) => loadCurrent(teamOf(page)),
    });
  };

  const destroy = () => {
    router.delete(route('admin.teams.destroy', { id: team.id }), {
      onStart: () => setDeleting(true),
      onFinish: () => setDeleting(false),
    });
  };

  return (
    <>
      <Head title={`Edit: ${team.name}`} />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-ink-muted">
            <Link href={route('admin.teams')} className="hover:text-ink hover:underline">
              Teams
            </Link>
          </p>
          <h1 className="truncate text-2xl font-bold tracking-tight text-ink">{team.name}</h1>
          {team.formerSlugs.length > 0 && (
            <p className="mt-1 text-sm text-ink-muted" data-test="former-slugs">
              Redirects here from{' '}
              {team.formerSlugs.map((slug, i) => (
                <span key={slug}>
                  {i > 0 && ', '}
                  <code className="font-mono">/teams/{slug}</code>
                </span>
              ))}
            </p>
          )}
        </div>
        <a
          href={route('teams.show', { slug: team.slug })}
          className="inline-flex items-center gap-1 text-sm text-accent hover:underline"
          data-test="view-team"
        >
          View on the site <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      </header>

      <form onSubmit={save} noValidate className="grid max-w-3xl gap-6" data-test="team-form">
        <input type="hidden" name="expectedRevision" value={form.data.expectedRevision} />
        <FormAlert message={formError(form.errors)}>
          {behind && (
            <div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  form.clearErrors();
                  loadCurrent(team);
                }}
                data-test="load-current"
              >
                Load the current version
              </Button>
            </div>
          )}
        </FormAlert>
        <Card>
          <TeamFields
            data={form.data}
            errors={form.errors}
            limits={limits}
            onChange={(field, value) => form.setData(field, value)}
            slugHint="Changing the slug keeps the old address working: it redirects to the new one."
          />
        </Card>
        <div className="flex items-center gap-3">
          <Button type="submit" busy={form.processing} data-test="team-submit">
            Save team
          </Button>
          <FormSaved show={form.recentlySuccessful} />
        </div>
      </form>

      <Card title="Delete this team" className="mt-10 max-w-3xl border-danger/40">
        {confirming ? (
          <div className="grid gap-3" role="alert">
            <p className="text-sm text-ink">
              Delete “{team.name}”? Its page and its old addresses stop working, and its slug can be
              used by another team. This cannot be undone.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="danger" busy={deleting} onClick={destroy} data-test="confirm-delete">
                Yes, delete the team
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-ink-muted">Removes the team from the site.</p>
            <Button variant="danger" onClick={() => setConfirming(true)} data-test="delete-team">
              Delete team…
            </Button>
          </div>
        )}
      </Card>
    </>
  );
}
