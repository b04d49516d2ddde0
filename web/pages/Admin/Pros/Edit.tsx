import { ExternalLink } from 'lucide-react';
import { AdminEditPage } from '../../../components/admin/AdminForm.tsx';
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
  const { fields, page } = useEditForm(pro, fieldsOf, {
    url: route('admin.pros.update', { id: pro.id }),
    recordOf: (props) => (props as Props).pro,
  });
  return (
    <AdminEditPage
      headTitle={`Edit: ${pro.name}`}
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
      {...page}
      submitLabel="Save driver"
      formTestId="pro-form"
      submitTestId="pro-submit"
      remove={{
        title: 'Remove this driver',
        question: <>Remove “{pro.name}” from the site? This cannot be undone.</>,
        confirmLabel: 'Yes, remove',
        buttonLabel: 'Remove driver…',
        href: route('admin.pros.destroy', { id: pro.id }),
        testId: 'delete-pro',
      }}
    >
      <ProFields {...fields} limits={limits} gear={gear} />
    </AdminEditPage>
  );
}
