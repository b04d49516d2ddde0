import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * "Saved" next to a form's submit button, visible while `show` is true — pass the form's
 * `recentlySuccessful` (true for 2 s after a successful submit, spec §9). It lives in a
 * polite live region that is always in the DOM, so screen readers announce the change.
 * `data-test="form-saved"`, with `data-state="shown|hidden"`.
 */
export function FormSaved({
  show,
  children = 'Saved.',
  className,
}: {
  show: boolean;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={cn(
        'inline-flex items-center gap-1 text-sm font-medium text-success transition-opacity duration-300',
        show ? 'opacity-100' : 'opacity-0',
        className,
      )}
      data-test="form-saved"
      data-state={show ? 'shown' : 'hidden'}
    >
      {show && (
        <>
          <Check aria-hidden="true" className="size-4" />
          {children}
        </>
      )}
    </p>
  );
}
