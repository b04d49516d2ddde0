import { AdminEditPage } from '../../../components/admin/AdminForm.tsx';
import { useEditForm } from '../../../components/admin/useEditForm.ts';
import { route } from '../../../generated/routes.ts';
import { formatFileSize } from '../../../components/setups/types.ts';
import type { SetupType } from '../../../generated/dtos.ts';
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
  const { form, fields, page } = useEditForm(setup, fieldsOf, {
    url: route('admin.setups.update', { id: setup.id }),
    forceFormData: true,
    recordOf: (props) => (props as Props).setup,
  });
  return (
    <AdminEditPage
      title="Edit setup"
      back={{ href: route('admin.setups'), label: 'Setups' }}
      description={
        <a href={route('setups.show', { id: setup.id })} className="hover:underline">
          View the public page
        </a>
      }
      {...page}
      submitLabel="Save setup"
      formTestId="setup-form"
      submitTestId="setup-submit"
      remove={{
        title: 'Remove this setup',
        question: 'Remove this setup? Its page and file are no longer served.',
        confirmLabel: 'Yes, remove',
        buttonLabel: 'Remove setup…',
        href: route('admin.setups.destroy', { id: setup.id }),
        testId: 'delete-setup',
      }}
    >
      <SetupFields
        {...fields}
        limits={limits}
        types={types}
        choices={options}
        onFile={(f) => form.setData('file', f as never)}
        fileRequired={false}
        fileHint={
          <>
            Now: <span className="font-mono">{file.fileName}</span> ({formatFileSize(file.byteSize)}
            ). Choose a file only to replace it.
          </>
        }
        progress={form.progress?.percentage}
      />
    </AdminEditPage>
  );
}
