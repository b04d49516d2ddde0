import { pathToFileURL } from 'node:url';

/** What the CLIs print: progress lines and numbers. */

/**
 * A progress line on stderr: rewritten in place on a terminal, otherwise printed at most every
 * `everyMs` (and always when forced), so logs of long runs stay readable.
 */
export function progressLine(out: NodeJS.WriteStream = process.stderr, everyMs = 5_000) {
  let last = 0;
  let pending = false;
  return {
    update(text: string, force = false) {
      const now = Date.now();
      if (out.isTTY) {
        if (force || now - last >= 200) {
          out.write(`\r\x1b[2K${text}`);
          last = now;
          pending = true;
        }
      } else if (force || now - last >= everyMs) {
        out.write(`${text}\n`);
        last = now;
      }
    },
    /** Ends a rewritten line so the next output starts on its own line. */
    done() {
      if (out.isTTY && pending) out.write('\n');
      pending = false;
    },
  };
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en');
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs a CLI's `main` when the file is the process's entry point, exiting with its code; an
 * unexpected error prints its stack and exits 1.
 */
export function runMain(importMetaUrl: string, main: (argv: string[]) => Promise<number>): void {
  if (!process.argv[1] || importMetaUrl !== pathToFileURL(process.argv[1]).href) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
