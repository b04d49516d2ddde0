import { AdminCreatePage } from '../../../components/admin/AdminForm.tsx';
import { useCreateForm } from '../../../components/admin/useEditForm.ts';
import { route } from '../../../generated/routes.ts';
import type { SetupType } from '../../../generated/dtos.ts';
import { SetupFields } from '../../../components/setups/SetupFields.tsx';
import type {
  SetupFormFields,
  SetupFormOptions,
  SetupLimits,
} from '../../../components/setups/admin-types.ts';

export interface Props {
  limits: SetupLimits;
  types: SetupType[];
  options: SetupFormOptions;
}

/** `/admin/setups/create`: a new setup with its file (uploaded with progress). */
export default function CreateSetup({ limits, types, options }: Props) {
  const { form, fields, page } = useCreateForm<SetupFormFields & { file: File | null }>(
    {
      carId: '',
      trackId: '',
      seriesId: '',
      seasonId: '',
      type: types[0] ?? 'race',
      lapTime: '',
      conditions: '',
      notes: '',
      author: '',
      file: null,
    },
    { url: route('admin.setups.store'), forceFormData: true },
  );
  return (
    <AdminCreatePage
      title="New setup"
      back={{ href: route('admin.setups'), label: 'Setups' }}
      {...page}
      submitLabel="Add setup"
      formTestId="setup-form"
      submitTestId="setup-submit"
    >
      <SetupFields
        {...fields}
        limits={limits}
        types={types}
        choices={options}
        onFile={(file) => form.setData('file', file)}
        fileRequired
        fileHint="An iRacing .sto file, at most 1 MiB."
        progress={form.progress?.percentage}
      />
    </AdminCreatePage>
  );
}
