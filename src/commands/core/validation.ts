import type { z } from 'zod';
import { validationError } from './errors.ts';

/**
 * Parses untrusted command input with its zod schema. On failure throws a DomainError of kind
 * `validation` (422) whose `fieldErrors` hold the first message per field path ("a.b" for
 * nested fields, "_" for the root), ready for a form's `errors` prop.
 */
export function parseCommandInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fieldErrors[key] ??= issue.message;
  }
  throw validationError('invalid_input', 'The input is not valid.', fieldErrors);
}
