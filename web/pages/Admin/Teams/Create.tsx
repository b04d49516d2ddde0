import type { ReactNode } from 'react';
import { Field } from '../../../components/Field.tsx';
import {
  AdminCreatePage,
  FileField,
  SlugField,
  TextAreaField,
} from '../../../components/admin/AdminForm.tsx';
import { bindFields } from '../../../components/admin/bind-fields.ts';
import { useCreateForm } from '../../../components/admin/useEditForm.ts';
import { route } from '../../../generated/routes.ts';
import { useSlugFollows } from '../../../hooks/use-slug-follows.ts';
import type { TeamFormFields, TeamLimits } from './types.ts';

export interface Props {
  limits: TeamLimits;
}

/** The size limit as the form's hint says it (512 KiB). */
export const logoSizeLabel = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${Math.round(bytes / 1024)} KiB`;

/** The create form's data: the text fields and the chosen logo file. */
type CreateTeamForm = TeamFormFields & { logo: File | null };

/**
 * `/admin/teams/create`: a new team, optionally with its logo (uploaded with progress). The slug
 * follows the name until it is edited.
 */
export default function CreateTeam({ limits }: Props) {
  const { form, fields, page } = useCreateForm<CreateTeamForm>(
    { name: '', slug: '', tag: '', description: '', links: '', members: '', logo: null },
    { url: route('admin.teams.store'), forceFormData: true },
  );
  const change = useSlugFollows<CreateTeamForm>(form.setData, 'name', limits.slugMax);
  return (
    <AdminCreatePage
      title="New team"
      back={{ href: route('admin.teams'), label: 'Teams' }}
      {...page}
      submitLabel="Create team"
      formTestId="team-form"
      submitTestId="team-submit"
    >
      <TeamFields
        {...fields}
        limits={limits}
        onChange={change}
        slugHint="Suggested from the name. Lowercase words joined by hyphens; the address becomes /teams/<slug>."
      >
        <FileField
          label="Logo"
          name="logo"
          accept="image/png,image/jpeg,image/webp"
          onChange={(file) => form.setData('logo', file)}
          error={fields.errors.logo}
          hint={`Optional: a PNG, JPEG or WebP image, at most ${logoSizeLabel(limits.logoMaxBytes)}.`}
          progress={form.progress?.percentage}
        />
      </TeamFields>
    </AdminCreatePage>
  );
}

/** The team form's fields with their limits, hints and server errors (create and edit). */
export function TeamFields({
  data,
  errors,
  limits,
  onChange,
  slugHint,
  children,
}: {
  data: TeamFormFields;
  errors: Partial<Record<string, string>>;
  limits: TeamLimits;
  onChange: (field: keyof TeamFormFields, value: string) => void;
  slugHint: string;
  /** The logo field (create) or the current logo with its replace and remove controls (edit). */
  children?: ReactNode;
}) {
  const bind = bindFields(data, errors, onChange);
  return (
    <div className="grid gap-5">
      <Field
        label="Name"
        {...bind.field('name')}
        required
        maxLength={limits.nameMax}
        hint={`${limits.nameMin}–${limits.nameMax} characters.`}
      />
      <SlugField {...bind.field('slug')} maxLength={limits.slugMax} hint={slugHint} />
      <Field
        label="Tag"
        {...bind.field('tag')}
        maxLength={limits.tagMax}
        hint={`Optional: ${limits.tagMin}–${limits.tagMax} letters or digits, shown in capitals (e.g. APX).`}
        autoCapitalize="characters"
        spellCheck={false}
        className="font-mono uppercase"
      />
      <TextAreaField
        label="Description"
        {...bind.control('description')}
        rows={5}
        maxLength={limits.descriptionMax}
        hint={`Optional plain text, at most ${limits.descriptionMax.toLocaleString('en')} characters; a blank line starts a new paragraph.`}
      />
      <TextAreaField
        label="Links"
        {...bind.control('links')}
        rows={4}
        hint={`Optional, at most ${limits.linksMax}: one per line, “https://…” or “Label | https://…”.`}
        className="font-mono"
      />
      <TextAreaField
        label="Members (iRacing customer ids)"
        {...bind.control('members')}
        rows={6}
        hint={`At most ${limits.membersMax}, one per line (commas or spaces also separate them), in the order the team page lists them.`}
        className="font-mono"
      />
      {children}
    </div>
  );
}
