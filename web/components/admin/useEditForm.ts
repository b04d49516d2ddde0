import { useForm, type InertiaFormProps } from '@inertiajs/react';
import type { FormDataType } from '@inertiajs/core';
import type { FormEvent } from 'react';
import type { FormErrors } from './AdminForm.tsx';

/**
 * The props an admin form's fields component takes from its form: the data, the server's field
 * errors, and a setter by field name.
 */
export function fieldProps<Data extends FormDataType<Data>>(form: InertiaFormProps<Data>) {
  return {
    data: form.data,
    errors: form.errors as FormErrors,
    onChange: (field: keyof Data, value: unknown) => form.setData(field as never, value as never),
  };
}

/** How an admin form is sent: where to, and as multipart form data (a file field) or JSON. */
export interface AdminFormSubmit {
  url: string;
  forceFormData?: boolean;
}

/**
 * A new record's admin form: the Inertia form, its fields' props, and the `AdminCreatePage`
 * props (POST to `submit.url`, the errors, busy while sending).
 */
export function useCreateForm<Fields extends FormDataType<Fields>>(
  initial: Fields,
  submit: AdminFormSubmit,
) {
  const form = useForm<Fields>(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.post(submit.url, {
      preserveScroll: true,
      ...(submit.forceFormData ? { forceFormData: true } : {}),
    });
  };
  return {
    form,
    fields: fieldProps(form),
    page: { onSubmit, errors: form.errors as FormErrors, busy: form.processing },
  };
}

/**
 * The state of an admin edit form opened at a record's revision (optimistic editing): the form
 * data carries `expectedRevision`; after a save the page's new record becomes the form's data
 * and defaults; `behind` is true when the server has a newer revision than the form was opened
 * at (a refused save), and `loadCurrent()` takes the current version.
 *
 * Given `submit` (PATCH to `submit.url`; `recordOf` finds the saved record in the answer's
 * props), `page` holds the `AdminEditPage` props and `fields` the fields' props.
 */
export function useEditForm<
  Saved extends { revision: string },
  Fields extends FormDataType<Fields>,
>(
  record: Saved,
  fieldsOf: (record: Saved) => Fields,
  submit?: AdminFormSubmit & { recordOf: (props: unknown) => Saved },
) {
  type Data = Fields & { expectedRevision: string };
  const dataOf = (r: Saved): Data => ({ ...fieldsOf(r), expectedRevision: r.revision });
  const form = useForm<Data>(dataOf(record));
  const load = (current: Saved) => {
    form.setDefaults(dataOf(current));
    form.setData(dataOf(current));
  };
  const behind = form.data.expectedRevision !== record.revision;
  const loadCurrent = () => {
    form.clearErrors();
    load(record);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!submit) return;
    form.patch(submit.url, {
      preserveScroll: true,
      ...(submit.forceFormData ? { forceFormData: true } : {}),
      onSuccess: (page) => load(submit.recordOf(page.props)),
    });
  };
  return {
    form,
    behind,
    load,
    loadCurrent,
    fields: fieldProps(form),
    page: {
      onSubmit,
      errors: form.errors as FormErrors,
      behind,
      onLoadCurrent: loadCurrent,
      busy: form.processing,
      saved: form.recentlySuccessful,
    },
  };
}
