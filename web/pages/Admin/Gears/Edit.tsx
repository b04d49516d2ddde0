import { AdminEditPage } from '../../../components/admin/AdminForm.tsx';
import { useEditForm } from '../../../components/admin/useEditForm.ts';
import { route } from '../../../generated/routes.ts';
import type { GearType } from '../../../generated/dtos.ts';
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
  const { fields, page } = useEditForm(item, fieldsOf, {
    url: route('admin.gears.update', { id: item.id }),
    recordOf: (props) => (props as Props).item,
  });
  return (
    <AdminEditPage
      headTitle={`Edit: ${item.brand} ${item.model}`}
      title={`${item.brand} ${item.model}`}
      back={{ href: route('admin.gears'), label: 'Gear' }}
      {...page}
      submitLabel="Save item"
      formTestId="gear-form"
      submitTestId="gear-submit"
      remove={{
        title: 'Remove this item',
        question: (
          <>
            Remove {item.brand} {item.model}? Pro drivers who list it stop showing it.
          </>
        ),
        confirmLabel: 'Yes, remove',
        buttonLabel: 'Remove item…',
        href: route('admin.gears.destroy', { id: item.id }),
        testId: 'delete-gear',
      }}
    >
      <GearFields {...fields} limits={limits} types={types} />
    </AdminEditPage>
  );
}
