import type { ChangeEvent } from 'react';
import type { FormErrors } from './AdminForm.tsx';

/** The keys of a form's text fields: their value is a string (a select's: one of its options). */
export type TextFieldName<Data> = {
  [K in keyof Data]-?: Data[K] extends string ? K : never;
}[keyof Data] &
  string;

/**
 * Binds a form's text fields to their controls: each field's `name`, current `value`, change
 * handler and server `error`, from the form's data, errors and setter. `field(name)` suits a
 * `Field` (its change event carries the value), `control(name)` a `TextAreaField` or
 * `SelectField` (they pass the value itself).
 */
export function bindFields<Data extends object>(
  data: Data,
  errors: FormErrors,
  onChange: (field: TextFieldName<Data>, value: string) => void,
) {
  const bound = (name: TextFieldName<Data>) => ({
    name,
    value: data[name] as string,
    error: errors[name],
  });
  return {
    field: (name: TextFieldName<Data>) => ({
      ...bound(name),
      onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(name, e.target.value),
    }),
    control: (name: TextFieldName<Data>) => ({
      ...bound(name),
      onChange: (value: string) => onChange(name, value),
    }),
  };
}
