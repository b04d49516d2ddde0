import { z } from 'zod';
import { loadJson } from './data.ts';

/**
 * Name parts the demo drivers' `display_name`s are made of, per language group (data/names.json,
 * words separated by spaces). The names are common given names and surnames, so the combinations
 * read like a real grid without belonging to anyone in particular; like iRacing, a repeated full
 * name gets a number appended.
 */
export const NAME_GROUPS = [
  'en',
  'de',
  'fr',
  'es',
  'pt',
  'it',
  'nl',
  'nordic',
  'pl',
  'ja',
] as const;
export type NameGroup = (typeof NAME_GROUPS)[number];

interface NameParts {
  first: readonly string[];
  last: readonly string[];
}

const words = z
  .array(z.string())
  .transform((lines) => lines.join(' ').trim().split(/\s+/))
  .refine((list) => list.length > 0 && list.every((w) => w !== ''), 'at least one name');

export const NAME_PARTS: Record<NameGroup, NameParts> = loadJson(
  'names.json',
  z.record(z.enum(NAME_GROUPS), z.strictObject({ first: words, last: words })),
);

/** Surnames use `_` for an inner space ("de_Jong" → "de Jong"). */
export function displaySurname(part: string): string {
  return part.replaceAll('_', ' ');
}
