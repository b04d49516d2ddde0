import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';

/**
 * What the fuzz suites (src/http/fuzz*.int.test.ts) share: fast-check's run parameters and the
 * field names the HTTP areas' zod schemas know.
 */

/** FUZZ_RUNS inputs per route (npm test: 4; npm run test:fuzz: 60); FUZZ_SEED replays a run. */
export function fuzzParams(): { numRuns: number; seed?: number; endOnFailure: true } {
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
  return {
    numRuns: Number(process.env.FUZZ_RUNS ?? 4),
    ...(seed !== undefined ? { seed } : {}),
    endOnFailure: true,
  };
}

/** Every key of every exported z.object in src/http/**\/schema.ts. */
export async function schemaFieldNames(): Promise<Set<string>> {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const files = (await readdir(root, { recursive: true })).filter((f) =>
    /(^|\/)schema\.ts$/.test(f),
  );
  const names = new Set<string>();
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(root, file)).href)) as Record<
      string,
      unknown
    >;
    for (const value of Object.values(mod))
      if (value instanceof z.ZodObject) for (const key of Object.keys(value.shape)) names.add(key);
  }
  return names;
}
