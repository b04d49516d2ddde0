import { describe, expect, it } from 'vitest';
import { missingPlatformPackages, readLockFile } from './lockfile.ts';

describe('package-lock.json', () => {
  it('carries the native packages of every supported platform', () => {
    expect(missingPlatformPackages(readLockFile())).toEqual([]);
  });

  it('names a missing platform package of a family the project uses', () => {
    const lock = {
      lockfileVersion: 3,
      packages: {
        'node_modules/@esbuild/linux-x64': { version: '0.25.0', optional: true },
        'node_modules/@esbuild/darwin-arm64': { version: '0.25.0', optional: true },
      },
    };
    expect(missingPlatformPackages(lock)).toEqual([
      'node_modules/@esbuild/darwin-x64',
      'node_modules/@esbuild/linux-arm64',
      'node_modules/@esbuild/win32-x64',
    ]);
  });
});
