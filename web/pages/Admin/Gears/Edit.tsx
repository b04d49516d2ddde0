import { Head, Link, router, useForm } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button.tsx';
import { Card } from '../../../components/Card.tsx';
import { FormSaved } from '../../../components/FormSaved.tsx';
import { route } from '../../../generated/routes.ts';
import type { GearType } from '../../Gears/types.ts';
import { FormAlert, formError } from '../Articles/Create.tsx';
import { GearFields } from './Create.tsx';
import type { AdminGearEdit, GearFormFields, GearLimits } from './types.ts';

export interface Props {
  item: AdminGearEdit;
  limits: GearLimits;
  types: GearType[];
}

type EditFormData = GearFormFields & { expectedRevision: string };

const formDataOf = ({ id: _id, revision, ...fields }: AdminGearEdit): EditFormData => ({
  ...fields,
  expectedRevision: revision,
});

/** `/admin/gears/{id}`: edit or remove a gear item (optimistic, like the other admin forms). */
export default function EditGear({ item, limits, types }: Props) {
  const form = useForm<EditFormData>(formDataOf(item));
  const [confirming, setConfirming] = useState(false);
  const behind = form.data.expectedRevision !== item.revision;
  const loadCurrent = (current: AdminGearEdit) => {
    form.setDefaults(formDataOf(current));
    form.setData(formDataOf(current));
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    form.patch(route('admin.gears.update', { id: item.id }), {
      preserveScroll: true,
      onSuccess: (page) => loadCurrent((page.props as unknown as Props).item),
    });
  };
  return (
    <>
      <Head title={`Edit: ${item.brand} ${item.model}`} />
      <header className="mb-6">
        <p className="text-sm text-ink-muted">
          <Link href={route('admin.gears')} className="hover:text-ink hover:underline">
            Gear
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight text-ink">
          {item.brand} {item.model}
        </h1>
      </header>
      <form onSubmit={save} noValidate className="grid max-w-3xl gap-6" data-test="gear-form">
        <FormAlert message={formError(form.errors)}>
          {behind && (
            <div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  form.clearErrors();
                  loadCurrent(item);
                }}
                data-test="load-current"
              >
                Load the current version
              </Button>
            </div>
          )}
        </FormAlert>
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
            Save item
          </Button>
          <FormSaved show={form.recentlySuccessful} />
        </div>
      </form>
      <Card title="Remove this item" className="mt-10 max-w-3xl border-danger/40">
        {confirming ? (
          <div className="grid gap-3" role="alert">
            <p className="text-sm text-ink">
              Remove {item.brand} {item.model}? Pro drivers who list it stop showing it.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="danger"
                onClick={() => router.delete(route('admin.gears.destroy', { id: item.id }))}
                data-test="confirm-delete"
              >
                Yes, remove
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="danger" onClick={() => setConfirming(true)} data-test="delete-gear">
            Remove item…
          </Button>
        )}
      </Card>
    </>
  );
}
