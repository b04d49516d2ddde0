import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** `npm start` (src/main.ts) refuses to start with a configuration production cannot run on. */
describe('start-up checks', () => {
  it('refuses to start in production without APP_URL, naming the variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: '/nonexistent' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/APP_URL: required in production/);
  });
});
