import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a generated file, or with `--check` only compares: exits 1 when the file on disk
 * differs from what the generator produces now (CI's drift check).
 */
export async function runGenerator(
  file: string,
  generate: () => Promise<string> | string,
): Promise<void> {
  const next = await generate();
  const current = await readFile(file, 'utf8').catch(() => null);
  const rel = path.relative(process.cwd(), file);
  if (process.argv.includes('--check')) {
    if (current !== next) {
      console.error(`${rel} is out of date: run \`npm run generate\` and commit the result.`);
      process.exitCode = 1;
    }
    return;
  }
  if (current === next) return;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, next);
  console.log(`wrote ${rel}`);
}
