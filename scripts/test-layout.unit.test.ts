/**
 * The test rule (docs/ARCHITECTURE.md, "Tests"): unit and int tests sit beside the code they
 * test and say their tier in the name (*.unit.test.ts, *.int.test.ts); browser tests are
 * tests/e2e/*.e2e.test.ts and the fault suite (processes killed, servers cut) tests/faults/*.faults.test.ts;
 * tests/ holds nothing else but the shared harness (tests/support) and the harness's own smoke
 * test (tests/smoke); benchmarks live only in bench/, which holds no tests.
 * Tests and their helpers take the app's parts from the one harness (tests/support/runtime.ts,
 * built on src/app/runtime.ts); only the tests of a part itself construct that part.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set([
  'node_modules',
  'dist',
  '.data',
  '.git',
  '.scratch',
  'coverage',
  'generated',
]);

function files(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(relative(root, full).split('\\').join('/'));
    }
  };
  walk(join(root, folder));
  return out;
}

const source = ['src', 'web', 'scripts', 'bench', 'tests', 'migrations'].flatMap(files);
const tests = source.filter((f) => /\.test\.tsx?$/.test(f));

describe('where tests live', () => {
  it('finds the tests it checks', () => {
    expect(tests.filter((f) => f.startsWith('src/')).length).toBeGreaterThan(50);
    expect(tests.filter((f) => f.startsWith('tests/e2e/')).length).toBeGreaterThan(0);
  });

  it('names the tier of every test: unit, int, e2e or faults', () => {
    expect(tests.filter((f) => !/\.(unit|int|e2e|faults)\.test\.tsx?$/.test(f))).toEqual([]);
  });

  it('keeps browser tests in tests/e2e and nothing but them there', () => {
    expect(tests.filter((f) => f.includes('.e2e.test.') !== f.startsWith('tests/e2e/'))).toEqual(
      [],
    );
  });

  it('keeps the fault suite in tests/faults and nothing but it there', () => {
    expect(
      tests.filter((f) => f.includes('.faults.test.') !== f.startsWith('tests/faults/')),
    ).toEqual([]);
  });

  it('keeps tests/ to the browser tests, the fault suite, the shared harness and its smoke test', () => {
    expect(files('tests').filter((f) => !/^tests\/(e2e|faults|support|smoke)\//.test(f))).toEqual(
      [],
    );
  });

  it('keeps benchmarks in bench/ and tests out of it', () => {
    expect(tests.filter((f) => f.startsWith('bench/'))).toEqual([]);
    expect(
      source.filter((f) => !f.startsWith('bench/') && /(^|\/)(bench|perf)(\/|\.)/.test(f)),
    ).toEqual([]);
  });
});

/** The constructors of the runtime's parts, and the test files allowed to call each. */
const PARTS: { call: RegExp; allowed: RegExp }[] = [
  // The composition root's own tests (src/app) open it to check what start-up refuses; the fault
  // suite's embedded-site.ts is a separate process standing in for `npm start`, so it opens the
  // runtime as src/main.ts does.
  {
    call: /\bopenRuntime\(/,
    allowed:
      /^(tests\/support\/(runtime|global-setup)\.ts|tests\/faults\/support\/embedded-site\.ts|src\/app\/[^/]+\.test\.ts)$/,
  },
  // createKnex's own unit test checks what it configures (its log routing) on a knex that never
  // reaches a database; every other test gets its knex from the composition root.
  { call: /\bcreateKnex\(/, allowed: /^src\/db\/knex\.unit\.test\.ts$/ },
  { call: /\b(createJobSystem|openJobBackend)\(/, allowed: /^tests\/support\/runtime\.ts$/ },
  {
    call: /\b(createEventStore\(|new (PostgresEventStore|EsdbEventStore)\b)/,
    allowed: /^src\/eventstore\//,
  },
  { call: /\bcreateMailer\(/, allowed: /^src\/mail\/mailer\.int\.test\.ts$/ },
];

describe('one int-test harness', () => {
  const testCode = source.filter(
    (f) =>
      /\.test\.tsx?$/.test(f) ||
      /\.test-support\.tsx?$/.test(f) ||
      /(^|\/)test-support\//.test(f) ||
      f.startsWith('tests/'),
  );

  it('finds the harness and the test helpers it checks', () => {
    expect(testCode).toContain('tests/support/runtime.ts');
    expect(testCode.filter((f) => f.includes('test-support')).length).toBeGreaterThan(5);
  });

  it('leaves the construction of knex, event store, job system and mailer to the composition root', () => {
    const offenders: string[] = [];
    for (const file of testCode) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const { call, allowed } of PARTS) {
        if (call.test(text) && !allowed.test(file)) offenders.push(`${file}: ${String(call)}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
