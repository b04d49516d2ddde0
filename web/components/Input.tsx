import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../lib/cn.ts';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Marks the input invalid (red border, `aria-invalid`). */
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export const inputClasses =
  'block h-10 w-full rounded-md border border-line-strong bg-surface px-3 text-sm text-ink placeholder:text-ink-muted shadow-xs transition-colors focus-visible:border-accent disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger';

export function Input({ invalid = false, className, ...rest }: InputProps) {
  return (
    <input aria-invalid={invalid || undefined} className={cn(inputClasses, className)} {...rest} />
  );
}

/** A field's error message; renders nothing without one. */
export function InputError({ id, message }: { id?: string; message?: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-danger" data-test="input-error">
      {message}
    </p>
  );
}
