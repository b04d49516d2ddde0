import { Head } from '@inertiajs/react';
import { ExternalLink } from 'lucide-react';
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
import { ProFields } from './Create.tsx';
import type { AdminProEdit, GearChoice, ProFormFields, ProLimits } from './types.ts';

export interface Props {
  pro: AdminProEdit;
  limits: ProLimits;
  /** Every gear item the picker offers. */
  gear: GearChoice[];
}

const fieldsOf = ({ id: _id, revision: _revision, ...fields }: AdminProEdit): ProFormFields =>
  fields;

/** `/admin/pros/{id}`: update or remove a pro-driver profile (optimistic, like the team form). */
export default function EditPro({ pro, limits, gear }: Props) {
  const { form, behind, load, loadCurrent } = useEditForm(pro, fieldsOf);
  const save = (event: FormEvent) => {
    event.preventDefault();
    form.patch(route('admin.pros.update', { id: pro.id }), {
      preserveScroll: true,
      onSuccess: (page) => load((page.props as unknown as Props).pro),
    });
  };
  return (
    <>
      <Head title={`Edit: ${pro.name}`} />
      <AdminPageHeader
        title={pro.name}
        back={{ href: route('admin.pros'), label: 'Pro drivers' }}
        action={
          <a
            href={route('pros.show', { id: pro.id })}
            className="inline-flex items-center gap-1 text-sm text-accent hover:underline"
          >
            View on the site <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        }
      />
      <form onSubmit={save} noValidate className="grid max-w-3xl gap-6" data-test="pro-form">
        <StaleFormAlert errors={form.errors} behind={behind} onLoadCurrent={loadCurrent} />
        <Card>
          <ProFields
            data={form.data}
            errors={form.errors}
            limits={limits}
            gear={gear}
            onChange={(field, value) => form.setData(field, value as never)}
          />
        </Card>
        <FormActions
          label="Save driver"
          busy={form.processing}
          saved={form.recentlySuccessful}
          testId="pro-submit"
        />
      </form>
      <DeleteCard
        title="Remove this driver"
        question={<>Remove “{pro.name}” from the site? This cannot be undone.</>}
        confirmLabel="Yes, remove"
        buttonLabel="Remove driver…"
        href={route('admin.pros.destroy', { id: pro.id })}
        testId="delete-pro"
      />
    </>
  );
}
