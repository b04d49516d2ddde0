import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { parseCsv } from '../../../ingest/client/csv.ts';

/**
 * The catalogue's data files (catalog/data/*.csv, *.json) and their typed, validated loading.
 * Every file is read once, when its module is first imported, and every row is checked against
 * its zod schema: a bad value stops the process with the file, the row and the field, never a
 * world built on a half-read catalogue.
 */

function dataFile(file: string): string {
  return readFileSync(new URL(`./data/${file}`, import.meta.url), 'utf8');
}

function rejected(file: string, where: string, error: z.ZodError): Error {
  return new Error(`demo catalogue data/${file}${where}: ${z.prettifyError(error)}`);
}

/** The rows of a CSV data file (header line first), each parsed by `row`. */
export function loadCsv<T>(file: string, row: z.ZodType<T>): T[] {
  return parseCsvRows(file, dataFile(file), row);
}

/** The rows of CSV text named `file`, each parsed by `row`; the first bad row throws. */
export function parseCsvRows<T>(file: string, text: string, row: z.ZodType<T>): T[] {
  return parseCsv(text).map((record, index) => {
    const parsed = row.safeParse(record);
    if (!parsed.success) throw rejected(file, `, row ${index + 1}`, parsed.error);
    return parsed.data;
  });
}

/** A JSON data file, parsed by `schema`. */
export function loadJson<T>(file: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(JSON.parse(dataFile(file)));
  if (!parsed.success) throw rejected(file, '', parsed.error);
  return parsed.data;
}

/** Cell types of the CSV files: every cell is text, these read it strictly. */
export const cell = {
  text: z.string().min(1),
  int: z
    .string()
    .regex(/^-?\d+$/, 'an integer')
    .transform(Number),
  number: z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, 'a decimal number')
    .transform(Number),
  bool: z.enum(['true', 'false']).transform((v) => v === 'true'),
  /** Space-separated integers ("2708 4029"). */
  ints: z
    .string()
    .regex(/^\d+( \d+)*$/, 'space-separated integers')
    .transform((v) => v.split(' ').map(Number)),
  /** Space-separated words ("road gt3"). */
  words: z
    .string()
    .regex(/^\S+( \S+)*$/, 'space-separated words')
    .transform((v) => v.split(' ')),
};

/** Throws when two rows share a key: ids are how payloads refer to catalogue entries. */
export function assertUnique<T>(file: string, rows: readonly T[], key: (row: T) => number): void {
  const seen = new Set<number>();
  for (const row of rows) {
    const id = key(row);
    if (seen.has(id)) throw new Error(`demo catalogue data/${file}: duplicate id ${id}`);
    seen.add(id);
  }
}
