import { useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { AdminCreatePage } from '../../../components/admin/AdminForm.tsx';
import { route } from '../../../generated/routes.ts';
import type { SetupType } from '../../../components/setups/types.ts';
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
  const form = useForm<SetupFormFields & { file: File | null }>({
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
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('admin.setups.store'), { preserveScroll: true, forceFormData: true });
  };
  return (
    <AdminCreatePage
      title="New setup"
      back={{ href: route('admin.setups'), label: 'Setups' }}
      onSubmit={submit}
      errors={form.errors}
      busy={form.processing}
      submitLabel="Add setup"
      formTestId="setup-form"
      submitTestId="setup-submit"
    >
      <SetupFields
        data={form.data}
        errors={form.errors}
        limits={limits}
        types={types}
        choices={options}
        onChange={(field, value) => form.setData(field, value as never)}
        onFile={(file) => form.setData('file', file)}
        fileRequired
        fileHint="An iRacing .sto file, at most 1 MiB."
        progress={form.progress?.percentage}
      />
    </AdminCreatePage>
  );
}
