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
import type { GearType } from '../../Gears/types.ts';
import { GearFields } from './Create.tsx';
import type { AdminGearEdit, GearFormFields, GearLimits } from './types.ts';

export interface Props {
  item: AdminGearEdit;
  limits: GearLimits;
  types: GearType[];
}

const fieldsOf = ({ id: _id, revision: _revision, ...fields }: AdminGearEdit): GearFormFields =>
  fields;

/** `/admin/gears/{id}`: edit or remove a gear item (optimistic, like the other admin forms). */
export default function EditGear({ item, limits, types }: Props) {
  const { form, behind, load, loadCurrent } = useEditForm(item, fieldsOf);
  const save = (event: FormEvent) => {
    event.preventDefault();
    form.patch(route('admin.gears.update', { id: item.id }), {
      preserveScroll: true,
      onSuccess: (page) => load((page.props as unknown as Props).item),
    });
  };
  return (
    <>
      <Head title={`Edit: ${item.brand} ${item.model}`} />
      <AdminPageHeader
        title={`${item.brand} ${item.model}`}
        back={{ href: route('admin.gears'), label: 'Gear' }}
      />
      <form onSubmit={save} noValidate className="grid max-w-3xl gap-6" data-test="gear-form">
        <StaleFormAlert errors={form.errors} behind={behind} onLoadCurrent={loadCurrent} />
        <Card>
          <GearFields
            data={form.data}
            errors={form.errors}
            limits={limits}
            types={types}
            onChange={(field, value) => form.setData(field, value as never)}
          />
        </Card>
        <FormActions
          label="Save item"
          busy={form.processing}
          saved={form.recentlySuccessful}
          testId="gear-submit"
        />
      </form>
      <DeleteCard
        title="Remove this item"
        question={
          <>
            Remove {item.brand} {item.model}? Pro drivers who list it stop showing it.
          </>
        }
        confirmLabel="Yes, remove"
        buttonLabel="Remove item…"
        href={route('admin.gears.destroy', { id: item.id })}
        testId="delete-gear"
      />
    </>
  );
}
