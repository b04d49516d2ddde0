import { useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Field } from '../../../components/Field.tsx';
import { AdminCreatePage, TextAreaField } from '../../../components/admin/AdminForm.tsx';
import { route } from '../../../generated/routes.ts';
import type { ProFormFields, ProLimits } from './types.ts';

export interface Props {
  limits: ProLimits;
}

export const emptyProForm: ProFormFields = {
  name: '',
  custId: '',
  countryCode: '',
  background: '',
  teamName: '',
  bioMarkdown: '',
  links: '',
};

/** `/admin/pros/create`: a new pro-driver profile. */
export default function CreatePro({ limits }: Props) {
  const form = useForm<ProFormFields>(emptyProForm);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('admin.pros.store'), { preserveScroll: true });
  };
  return (
    <AdminCreatePage
      title="New pro driver"
      back={{ href: route('admin.pros'), label: 'Pro drivers' }}
      onSubmit={submit}
      errors={form.errors}
      busy={form.processing}
      submitLabel="Add driver"
      formTestId="pro-form"
      submitTestId="pro-submit"
    >
      <ProFields
        data={form.data}
        errors={form.errors}
        limits={limits}
        onChange={(field, value) => form.setData(field, value)}
      />
    </AdminCreatePage>
  );
}

/** The pro form's fields (create and edit). */
export function ProFields({
  data,
  errors,
  limits,
  onChange,
}: {
  data: ProFormFields;
  errors: Partial<Record<string, string>>;
  limits: ProLimits;
  onChange: (field: keyof ProFormFields, value: string) => void;
}) {
  return (
    <div className="grid gap-5">
      <Field
        label="Name"
        name="name"
        required
        value={data.name}
        maxLength={limits.nameMax}
        onChange={(e) => onChange('name', e.target.value)}
        error={errors.name}
        hint={`${limits.nameMin}–${limits.nameMax} characters.`}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="iRacing customer id"
          name="custId"
          inputMode="numeric"
          value={data.custId}
          onChange={(e) => onChange('custId', e.target.value)}
          error={errors.custId}
          hint="Optional. Links the profile to the driver's live racing data."
        />
        <Field
          label="Country"
          name="countryCode"
          value={data.countryCode}
          maxLength={2}
          onChange={(e) => onChange('countryCode', e.target.value)}
          error={errors.countryCode}
          hint="Optional two-letter code, e.g. GB."
          className="uppercase"
        />
      </div>
      <Field
        label="Background"
        name="background"
        value={data.background}
        maxLength={limits.backgroundMax}
        onChange={(e) => onChange('background', e.target.value)}
        error={errors.background}
        hint={`Optional, one line: the real-world career, e.g. “Le Mans class winner”. At most ${limits.backgroundMax} characters.`}
      />
      <Field
        label="Team"
        name="teamName"
        value={data.teamName}
        maxLength={limits.teamMax}
        onChange={(e) => onChange('teamName', e.target.value)}
        error={errors.teamName}
        hint="Optional."
      />
      <TextAreaField
        label="Bio (Markdown)"
        name="bioMarkdown"
        rows={10}
        value={data.bioMarkdown}
        maxLength={limits.bioMax}
        onChange={(value) => onChange('bioMarkdown', value)}
        error={errors.bioMarkdown}
        hint={`Markdown: ## headings, **bold**, lists, links. At most ${limits.bioMax.toLocaleString('en')} characters.`}
        className="font-mono"
      />
      <TextAreaField
        label="Links"
        name="links"
        rows={4}
        value={data.links}
        onChange={(value) => onChange('links', value)}
        error={errors.links}
        hint={`Optional, at most ${limits.linksMax}: one per line, “https://…” or “Label | https://…”.`}
        className="font-mono"
      />
    </div>
  );
}
