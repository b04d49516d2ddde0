import { useId } from 'react';
import { Field } from '../../../components/Field.tsx';
import { InputError, inputClasses } from '../../../components/Input.tsx';
import { AdminCreatePage, TextAreaField } from '../../../components/admin/AdminForm.tsx';
import { bindFields } from '../../../components/admin/bind-fields.ts';
import { useCreateForm } from '../../../components/admin/useEditForm.ts';
import { route } from '../../../generated/routes.ts';
import type { GearType } from '../../../generated/dtos.ts';
import { GEAR_TYPE_NAMES } from '../../Gears/types.ts';
import type { GearFormFields, GearLimits } from './types.ts';

export interface Props {
  limits: GearLimits;
  types: GearType[];
}

/** `/admin/gears/create`: a new gear item. */
export default function CreateGear({ limits, types }: Props) {
  const { fields, page } = useCreateForm<GearFormFields>(
    {
      type: types[0] ?? 'wheel_base',
      brand: '',
      model: '',
      description: '',
      priceMinUsd: '',
      priceMaxUsd: '',
      url: '',
    },
    { url: route('admin.gears.store') },
  );
  return (
    <AdminCreatePage
      title="New gear item"
      back={{ href: route('admin.gears'), label: 'Gear' }}
      {...page}
      submitLabel="Add item"
      formTestId="gear-form"
      submitTestId="gear-submit"
    >
      <GearFields {...fields} limits={limits} types={types} />
    </AdminCreatePage>
  );
}

/** The gear form's fields (create and edit). */
export function GearFields({
  data,
  errors,
  limits,
  types,
  onChange,
}: {
  data: GearFormFields;
  errors: Partial<Record<string, string>>;
  limits: GearLimits;
  types: GearType[];
  onChange: (field: keyof GearFormFields, value: string) => void;
}) {
  const bind = bindFields(data, errors, onChange);
  const id = useId();
  return (
    <div className="grid gap-5">
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-type`} className="text-sm font-medium text-ink">
          Type
        </label>
        <select
          id={`${id}-type`}
          name="type"
          value={data.type}
          onChange={(e) => onChange('type', e.target.value)}
          aria-invalid={errors.type ? true : undefined}
          aria-describedby={errors.type ? `${id}-type-error` : undefined}
          className={inputClasses}
          data-test="field-type"
        >
          {types.map((t) => (
            <option key={t} value={t}>
              {GEAR_TYPE_NAMES[t]}
            </option>
          ))}
        </select>
        <InputError id={`${id}-type-error`} message={errors.type} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Brand" {...bind.field('brand')} required maxLength={limits.brandMax} />
        <Field label="Model" {...bind.field('model')} required maxLength={limits.modelMax} />
      </div>
      <TextAreaField
        label="Description"
        {...bind.control('description')}
        rows={4}
        maxLength={limits.descriptionMax}
        hint={`Optional plain text, at most ${limits.descriptionMax.toLocaleString('en')} characters.`}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Lowest price (USD)"
          {...bind.field('priceMinUsd')}
          inputMode="numeric"
          hint="Optional, whole dollars."
        />
        <Field
          label="Highest price (USD)"
          {...bind.field('priceMaxUsd')}
          inputMode="numeric"
          hint="Optional, whole dollars."
        />
      </div>
      <Field
        label="Product page"
        {...bind.field('url')}
        type="url"
        hint="Optional https:// address."
      />
    </div>
  );
}
