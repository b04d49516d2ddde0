import { ExternalLink } from 'lucide-react';
import { AdminEditPage, FileField } from '../../../components/admin/AdminForm.tsx';
import { formatFileSize } from '../../../components/setups/types.ts';
import { useEditForm } from '../../../components/admin/useEditForm.ts';
import { route } from '../../../generated/routes.ts';
import { logoSizeLabel, TeamFields } from './Create.tsx';
import type { AdminTeamEdit, AdminTeamLogo, TeamFormFields, TeamLimits } from './types.ts';

export interface Props {
  team: AdminTeamEdit;
  logo: AdminTeamLogo | null;
  limits: TeamLimits;
}

type EditFields = TeamFormFields & { logo: File | null; removeLogo: boolean };

const fieldsOf = (team: AdminTeamEdit): EditFields => ({
  logo: null,
  removeLogo: false,
  name: team.name,
  slug: team.slug,
  tag: team.tag,
  description: team.description,
  links: team.links,
  members: team.members,
});

/**
 * `/admin/teams/{id}`: edit or delete one team. The form carries the revision it was opened at;
 * a save after someone else's change is refused and the form offers the current version.
 * Deleting asks for a second, explicit confirmation.
 */
export default function EditTeam({ team, logo, limits }: Props) {
  const { form, fields, page } = useEditForm(team, fieldsOf, {
    url: route('admin.teams.update', { id: team.id }),
    forceFormData: true,
    recordOf: (props) => (props as Props).team,
  });
  return (
    <AdminEditPage
      headTitle={`Edit: ${team.name}`}
      title={team.name}
      back={{ href: route('admin.teams'), label: 'Teams' }}
      description={
        team.formerSlugs.length > 0 ? (
          <span data-test="former-slugs">
            Redirects here from{' '}
            {team.formerSlugs.map((slug, i) => (
              <span key={slug}>
                {i > 0 && ', '}
                <code className="font-mono">/teams/{slug}</code>
              </span>
            ))}
          </span>
        ) : undefined
      }
      action={
        <a
          href={route('teams.show', { slug: team.slug })}
          className="inline-flex items-center gap-1 text-sm text-accent hover:underline"
          data-test="view-team"
        >
          View on the site <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      }
      {...page}
      revisionField={form.data.expectedRevision}
      submitLabel="Save team"
      formTestId="team-form"
      submitTestId="team-submit"
      remove={{
        title: 'Delete this team',
        question: (
          <>
            Delete “{team.name}”? Its page and its old addresses stop working, and its slug can be
            used by another team. This cannot be undone.
          </>
        ),
        confirmLabel: 'Yes, delete the team',
        keepLabel: 'Keep it',
        buttonLabel: 'Delete team…',
        description: 'Removes the team from the site.',
        href: route('admin.teams.destroy', { id: team.id }),
        testId: 'delete-team',
      }}
    >
      <TeamFields
        {...fields}
        limits={limits}
        slugHint="Changing the slug keeps the old address working: it redirects to the new one."
      >
        {logo && (
          <div className="flex items-center gap-3 text-sm text-ink" data-test="current-logo">
            {logo.url && (
              <img
                src={logo.url}
                alt={`Current logo of ${team.name}`}
                width={48}
                height={48}
                className="size-12 rounded border border-line object-contain"
              />
            )}
            <span>
              Current logo: <span className="font-mono">{logo.fileName}</span> (
              {formatFileSize(logo.byteSize)})
            </span>
          </div>
        )}
        <FileField
          label={logo ? 'Replace the logo' : 'Logo'}
          name="logo"
          accept="image/png,image/jpeg,image/webp"
          onChange={(file) => form.setData('logo', file as never)}
          error={fields.errors.logo}
          hint={`Optional: a PNG, JPEG or WebP image, at most ${logoSizeLabel(limits.logoMaxBytes)}.${logo ? ' Choose a file only to replace the current one.' : ''}`}
          progress={form.progress?.percentage}
        />
        {logo && (
          <label className="flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name="removeLogo"
              value="1"
              checked={form.data.removeLogo}
              onChange={(e) => form.setData('removeLogo', e.target.checked as never)}
              className="size-4 accent-accent"
              data-test="remove-logo"
            />
            Remove the logo
          </label>
        )}
      </TeamFields>
    </AdminEditPage>
  );
}
