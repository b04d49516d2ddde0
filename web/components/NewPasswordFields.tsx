import type { ReactNode } from 'react';
import type { BoundField } from '../lib/form-fields.ts';
import { Field } from './Field.tsx';

export interface NewPasswordFieldsProps {
  /** Binds the form's `password` and `passwordConfirmation` (see `bindFields`). */
  field: (name: 'password' | 'passwordConfirmation') => BoundField;
  /** Default "New password". */
  label?: ReactNode;
  /** Default "Repeat the password". */
  confirmationLabel?: ReactNode;
  /** The password rules, under the first input. */
  hint?: ReactNode;
}

/**
 * Choose a password and type it again: two required `new-password` inputs, so password
 * managers offer to generate and save one. `data-test`: `field-password`,
 * `field-passwordConfirmation`.
 */
export function NewPasswordFields({
  field,
  label = 'New password',
  confirmationLabel = 'Repeat the password',
  hint,
}: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        label={label}
        type="password"
        autoComplete="new-password"
        required
        hint={hint}
        {...field('password')}
      />
      <Field
        label={confirmationLabel}
        type="password"
        autoComplete="new-password"
        required
        {...field('passwordConfirmation')}
      />
    </>
  );
}
