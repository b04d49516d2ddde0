import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Input, InputError, type InputProps } from './Input.tsx';

export interface FieldProps extends Omit<InputProps, 'invalid' | 'id'> {
  label: ReactNode;
  /** Form field name: the key of the server's validation errors. */
  name: string;
  /** The validation message for this field, e.g. `form.errors.email` (from the `errors` prop). */
  error?: string | null | undefined;
  /** Help text under the input. */
  hint?: ReactNode;
  id?: string;
  /** Classes of the wrapper (the input takes `className`). */
  wrapperClassName?: string;
}

/**
 * Label + input + hint + error, wired for assistive technology: the label is bound to the
 * input, hint and error are announced via `aria-describedby`, and the input is `aria-invalid`
 * while there is an error. `data-test` defaults to `field-<name>`.
 */
export function Field({
  label,
  name,
  error,
  hint,
  id,
  wrapperClassName,
  required,
  ...inputProps
}: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? `field-${name}-${generatedId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', wrapperClassName)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        )}
      </label>
      <Input
        id={inputId}
        name={name}
        required={required}
        invalid={Boolean(error)}
        aria-describedby={describedBy}
        data-test={`field-${name}`}
        {...inputProps}
      />
      {hint && (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
      <InputError id={errorId} message={error} />
    </div>
  );
}
