import { Head } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { Card } from '../../../components/Card.tsx';
import {
  AdminPageHeader,
  DeleteCard,
  FormActions,
  StaleFormAlert,
} from '../../../components/admin/AdminForm.tsx';
import { useEditForm } from '../../../components/admin/useEditForm.ts';
import { route } from '../../../generated/routes.ts';
import { formatFileSize, type SetupType } from '../../../components/setups/types.ts';
import { SetupFields } from '../../../components/setups/SetupFields.tsx';
import type {
  AdminSetupEdit,
  SetupFileInfo,
  SetupFormFields,
  SetupFormOptions,
  SetupLimits,
} from '../../../components/setups/admin-types.ts';

export interface Props {
  setup: AdminSetupEdit;
  file: SetupFileInfo;
  limits: SetupLimits;
  types: SetupType[];
  options: SetupFormOptions;
}

const fieldsOf = ({
  id: _id,
  revision: _revision,
  ...fields
}: AdminSetupEdit): SetupFormFields & { file: File | null } => ({ ...fields, file: null });

/** `/admin/setups/{id}`: edit a setup, replace its file, or remove it. */
export default function EditSetup({ setup, file, limits, types, options }: Props) {
  const { form, behind, load, loadCurrent } = useEditForm(setup, fieldsOf);
  const save = (event: FormEvent) => {
    event.preventDefault();
    form.patch(route('admin.setups.update', { id: setup.id }), {
      preserveScroll: true,
      forceFormData: true,
      onSuccess: (page) => load((page.props as unknown as Props).setup),
    });
  };
  return (
    <>
      <Head title="Edit setup" />
      <AdminPageHeader
        title="Edit setup"
        back={{ href: route('admin.setups'), label: 'Setups' }}
        description={
          <a href={route('setups.show', { id: setup.id })} className="hover:underline">
            View the public page
          </a>
        }
      />
      <form onSubmit={save} noValidate className="grid max-w-3xl gap-6" data-test="setup-form">
        <StaleFormAlert errors={form.errors} behind={behind} onLoadCurrent={loadCurrent} />
        <Card>
          <SetupFields
            data={form.data}
            errors={form.errors}
            limits={limits}
            types={types}
            choices={options}
            onChange={(field, value) => form.setData(field, value as never)}
            onFile={(f) => form.setData('file', f as never)}
            fileRequired={false}
            fileHint={
              <>
                Now: <span className="font-mono">{file.fileName}</span> (
                {formatFileSize(file.byteSize)}). Choose a file only to replace it.
              </>
            }
            progress={form.progress?.percentage}
          />
        </Card>
        <FormActions
          label="Save setup"
          busy={form.processing}
          saved={form.recentlySuccessful}
          testId="setup-submit"
        />
      </form>
      <DeleteCard
        title="Remove this setup"
        question="Remove this setup? Its page and file are no longer served."
        confirmLabel="Yes, remove"
        buttonLabel="Remove setup…"
        href={route('admin.setups.destroy', { id: setup.id })}
        testId="delete-setup"
      />
    </>
  );
}
