import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDockerfile, readIgnore } from './container-check.ts';

describe('the Dockerfile', () => {
  const instructions = parseDockerfile(readFileSync('Dockerfile', 'utf8'));
  const finalStage = instructions.slice(instructions.findLastIndex((i) => i.op === 'FROM'));

  it('runs its final stage as a non-root user', () => {
    const users = finalStage.filter((i) => i.op === 'USER').map((i) => i.user);
    expect(users.at(-1)).toBeDefined();
    expect(['root', '0']).not.toContain(users.at(-1));
  });

  it('installs production dependencies only in its final stage and takes the built bundles', () => {
    const runs = finalStage.filter((i) => i.op === 'RUN').map((i) => i.command);
    expect(runs.some((r) => r.includes('npm ci') && r.includes('--omit=dev'))).toBe(true);
    expect(
      finalStage.some((i) => i.op === 'COPY' && i.from !== null && i.sources.includes('/app/dist')),
    ).toBe(true);
  });
});

describe('parseDockerfile', () => {
  it('joins continued lines and reads the exec form of CMD', () => {
    const parsed = parseDockerfile(
      'FROM node AS a\nRUN echo one \\\n  two\nCMD ["npm", "start"]\n',
    );
    expect(parsed).toEqual([
      { op: 'FROM', stage: 'a', line: 1 },
      { op: 'RUN', command: 'echo one two', line: 2 },
      { op: 'CMD', argv: ['npm', 'start'], line: 4 },
    ]);
  });

  it('refuses an instruction it cannot perform, naming its line', () => {
    expect(() => parseDockerfile('FROM node\nADD https://x/y /y\n')).toThrow('Dockerfile:2');
  });
});

describe('readIgnore', () => {
  it('refuses wildcards it would not match as Docker does', () => {
    expect(() => readIgnore('node_modules\n**/*.log\n')).toThrow('wildcards');
    expect(readIgnore('/dist/\n# comment\n.git\n')).toEqual(['dist', '.git']);
  });
});
