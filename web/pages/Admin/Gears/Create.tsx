import { Head, Link, useForm } from '@inertiajs/react';
import { useId, type FormEvent } from 'react';
import { Button } from '../../../components/Button.tsx';
import { Card } from '../../../components/Card.tsx';
import { Field } from '../../../components/Field.tsx';
import { InputError, inputClasses } from '../../../components/Input.tsx';
import { route } from '../../../generated/routes.ts';
import { GEAR_TYPE_NAMES, type GearType } from '../../Gears/types.ts';
import { FormAlert, TextAreaField, formError } from '../Articles/Create.tsx';
import type { GearFormFields, GearLimits } from './types.ts';

export interface Props {
  limits: GearLimits;
  types: GearType[];
}

/** `/admin/gears/create`: a new gear item. */
export default function CreateGear({ limits, types }: Props) {
  const form = useForm<GearFormFields>({
    type: types[0] ?? 'wheel_base',
    brand: '',
    model: '',
    description: '',
    priceMinUsd: '',
    priceMaxUsd: '',
    url: '',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('admin.gears.store'), { preserveScroll: true });
  };
  return (
    <>
      <Head title="New gear item" />
      <header className="mb-6">
        <p className="text-sm text-ink-muted">
          <Link href={route('admin.gears')} className="hover:text-ink hover:underline">
            Gear
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-ink">New gear item</h1>
      </header>
      <form onSubmit={submit} noValidate className="grid max-w-3xl gap-6" data-test="gear-form">
        <FormAlert message={formError(form.errors)} />
        <Card>
          <GearFields
            data={form.data}
            errors={form.errors}
            limits={limits}
            types={types}
            onChange={(field, value) => form.setData(field, value as never)}
          />
        </Card>
        <div className="flex items-center gap-3">
          <Button type="submit" busy={form.processing} data-test="gear-submit">
            Add item
          </Button>
          <Link
            href={route('admin.gears')}
            className="text-sm text-ink-muted hover:text-ink hover:underline"
          >
            Cancel
          </Link>
        </div>
      </form>
    </>
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
        <Field
          label="Brand"
          name="brand"
          required
          value={data.brand}
          maxLength={limits.brandMax}
          onChange={(e) => onChange('brand', e.target.value)}
          error={errors.brand}
        />
        <Field
          label="Model"
          name="model"
          required
          value={data.model}
          maxLength={limits.modelMax}
          onChange={(e) => onChange('model', e.target.value)}
          error={errors.model}
        />
      </div>
      <TextAreaField
        label="Description"
        name="description"
        rows={4}
        value={data.description}
        maxLength={limits.descriptionMax}
        onChange={(value) => onChange('description', value)}
        error={errors.description}
        hint={`Optional plain text, at most ${limits.descriptionMax.toLocaleString('en')} characters.`}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Lowest price (USD)"
          name="priceMinUsd"
          inputMode="numeric"
          value={data.priceMinUsd}
          onChange={(e) => onChange('priceMinUsd', e.target.value)}
          error={errors.priceMinUsd}
          hint="Optional, whole dollars."
        />
        <Field
          label="Highest price (USD)"
          name="priceMaxUsd"
          inputMode="numeric"
          value={data.priceMaxUsd}
          onChange={(e) => onChange('priceMaxUsd', e.target.value)}
          error={errors.priceMaxUsd}
          hint="Optional, whole dollars."
        />
      </div>
      <Field
        label="Product page"
        name="url"
        type="url"
        value={data.url}
        onChange={(e) => onChange('url', e.target.value)}
        error={errors.url}
        hint="Optional https:// address."
      />
    </div>
  );
}
