import { usePage } from '@inertiajs/react';
import type { ChangeEvent } from 'react';

/** The props a text `Field` takes to edit one string of an Inertia form. */
export interface BoundField {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}

/** The part of an Inertia `useForm` whose fields named `K` are strings. */
export interface TextForm<K extends string> {
  data: Record<K, string>;
  setData(key: K, value: string): void;
}

/**
 * Binds `Field`s to a form: `const field = bindFields(form, form.errors)`, then
 * `<Field label="Email" type="email" {...field('email')} />` gets the field's name (so its
 * `data-test` is `field-email`), its value, the change handler and its validation message.
 */
export function bindFields<K extends string>(
  form: TextForm<K>,
  errors: Partial<Record<NoInfer<K>, string | undefined>>,
): (name: K) => BoundField {
  return (name) => ({
    name,
    value: form.data[name],
    onChange: (event) => form.setData(name, event.target.value),
    error: errors[name],
  });
}

/**
 * A form's validation messages together with the page's `errors` prop: after a full reload
 * (no form state) the server's messages are only in the props. The form's own win.
 */
export function useFormAndPageErrors(formErrors: object): Record<string, string | undefined> {
  const pageErrors = usePage().props.errors as Record<string, string> | undefined;
  return { ...pageErrors, ...(formErrors as Record<string, string | undefined>) };
}
