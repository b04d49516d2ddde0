import { describe, expect, it } from 'vitest';
import { checkSetupFile } from '../files/inspect.ts';
import { DEMO_SETUP_COUNT, demoSetup } from './setups.ts';

describe('demo setups', () => {
  it('are deterministic, distinct, and every file passes the setup file check', async () => {
    const all = Array.from({ length: DEMO_SETUP_COUNT }, (_, i) => demoSetup(i));
    expect(new Set(all.map((s) => s.setupId)).size).toBe(DEMO_SETUP_COUNT);
    expect(demoSetup(17).content.equals(all[17]!.content)).toBe(true);
    for (const setup of all) {
      expect((await checkSetupFile(setup.content)).ok, setup.fileName).toBe(true);
      expect(setup.lapTime % 10).toBe(0);
      expect(setup.content.length).toBeLessThan(1024 * 1024);
    }
    expect(all.filter((s) => s.seriesId !== null).length).toBeGreaterThan(100);
  });
});
