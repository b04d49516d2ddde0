/**
 * Errors a command can end with, besides infrastructure failures.
 *
 * HTTP mapping (the one place that knows it is `httpStatusForDomainError`):
 *   validation → 422 Unprocessable Content (input breaks a rule; `fieldErrors` name the fields)
 *   not_found  → 404 Not Found (the aggregate does not exist)
 *   conflict   → 409 Conflict (the current state forbids it: duplicate id, taken slug,
 *                 a stale expected revision)
 * An Inertia form turns any DomainError with `fieldErrors` into a redirect back with
 * `props.errors`; JSON endpoints answer with the status and `{error: code, message, fieldErrors}`.
 * A WrongExpectedVersionError that survived the handler's retries also maps to 409.
 */
export type DomainErrorKind = 'validation' | 'not_found' | 'conflict';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    /** Stable machine-readable code, e.g. `article_not_found`, `slug_taken`. */
    readonly code: string,
    message: string,
    /** Field name → one human-readable message, for forms. */
    readonly fieldErrors: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export function isDomainError(err: unknown): err is DomainError {
  return err instanceof DomainError;
}

export const httpStatusForDomainError: Record<DomainErrorKind, 422 | 404 | 409> = {
  validation: 422,
  not_found: 404,
  conflict: 409,
};

export const validationError = (
  code: string,
  message: string,
  fieldErrors: Record<string, string> = {},
) => new DomainError('validation', code, message, fieldErrors);
export const notFoundError = (code: string, message: string) =>
  new DomainError('not_found', code, message);
export const conflictError = (
  code: string,
  message: string,
  fieldErrors: Record<string, string> = {},
) => new DomainError('conflict', code, message, fieldErrors);
