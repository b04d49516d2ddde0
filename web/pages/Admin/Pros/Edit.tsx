import { Head, Link, router, useForm } from '@inertiajs/react';
import { ExternalLink } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button.tsx';
import { Card } from '../../../components/Card.tsx';
import { FormSaved } from '../../../components/FormSaved.tsx';
import { route } from '../../../generated/routes.ts';
import { FormAlert, formError } from '../Articles/Create.tsx';
import { ProFields } from './Create.tsx';
import type { AdminProEdit, ProFormFields, ProLimits } from './types.ts';

export interface Props {
  pro: AdminProEdit;
  limits: ProLimits;
}

type EditFormData = ProFormFields & { expectedRevision: string };

const formDataOf = ({ id: _id, revision, ...fields }: AdminProEdit): EditFormData => ({
  ...fields,
  expectedRevision: revision,
});

/** `/admin/pros/{id}`: update or remove a pro-driver profile (optimistic, like the team form). */
export default function EditPro({ pro, limits }: Props) {
  const form = useForm<EditFormData>(formDataOf(pro));
  const [confirming, setConfirming] = useState(false);
  const behind = form.data.expectedRevision !== pro.revision;
  const loadCurrent = (current: AdminProEdit) => {
    form.setDefaults(formDataOf(current));
    form.setData(formDataOf(current));
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    form.patch(route('admin.pros.update', { id: pro.id }), {
      preserveScroll: true,
      onSuccess: (page) => loadCurrent((page.props as unknown as Props).pro),
    });
  };
  return (
    <>
      <Head title={`Edit: ${pro.name}`} />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-ink-muted">
            <Link href={route('admin.pros')} className="hover:text-ink hover:underline">
              Pro drivers
            </Link>
          </p>
          <h1 className="truncate text-2xl font-bold tracking-tight text-ink">{pro.name}</h1>
        </div>
        <a
          href={route('pros.show', { id: pro.id })}
          className="inline-flex items-center gap-1 text-sm text-accent hover:underline"
        >
          View on the site <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      </header>
      <form onSubmit={save} noValidate className="grid max-w-3xl gap-6" data-test="pro-form">
        <FormAlert message={formError(form.errors)}>
          {behind && (
            <div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  form.clearErrors();
                  loadCurrent(pro);
                }}
                data-test="load-current"
              >
                Load the current version
              </Button>
            </div>
          )}
        </FormAlert>
        <Card>
          <ProFields
            data={form.data}
            errors={form.errors}
            limits={limits}
            onChange={(field, value) => form.setData(field, value)}
          />
        </Card>
        <div className="flex items-center gap-3">
          <Button type="submit" busy={form.processing} data-test="pro-submit">
            Save driver
          </Button>
          <FormSaved show={form.recentlySuccessful} />
        </div>
      </form>
      <Card title="Remove this driver" className="mt-10 max-w-3xl border-danger/40">
        {confirming ? (
          <div className="grid gap-3" role="alert">
            <p className="text-sm text-ink">
              Remove “{pro.name}” from the site? This cannot be undone.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="danger"
                onClick={() => router.delete(route('admin.pros.destroy', { id: pro.id }))}
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
          <Button variant="danger" onClick={() => setConfirming(true)} data-test="delete-pro">
            Remove driver…
          </Button>
        )}
      </Card>
    </>
  );
}
