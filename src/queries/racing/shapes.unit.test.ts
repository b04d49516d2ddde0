import { describe, expect, it } from 'vitest';
import { toLicense, type LicenseRow } from './shapes.ts';

const row = (over: Partial<LicenseRow>): LicenseRow => ({
  category: 'sports_car',
  irating: 2500,
  sub_level: 310,
  license_level: null,
  license_group: null,
  tt_rating: null,
  ...over,
});

describe('toLicense', () => {
  it('takes the class from the group, else from the level, the same on every call', () => {
    for (let i = 0; i < 2; i++) {
      expect(toLicense(row({ license_group: 4 }))).toMatchObject({
        licenseClass: 'B',
        licence: 'B 3.10',
        safetyRating: 3.1,
      });
      expect(toLicense(row({ license_level: 19 }))).toMatchObject({ licenseClass: 'A' });
      expect(toLicense(row({ license_level: 1, sub_level: null }))).toMatchObject({
        licenseClass: 'R',
        licence: null,
      });
    }
  });

  it('has no class for an unknown group (even with a level) or without either', () => {
    expect(toLicense(row({ license_group: 99, license_level: 19 })).licenseClass).toBeNull();
    expect(toLicense(row({ license_level: 0 })).licenseClass).toBeNull();
    expect(toLicense(row({})).licence).toBeNull();
  });
});
