import { describe, expect, it } from 'vitest';
import { countryName } from './country.ts';

describe('countryName', () => {
  it('names a region in English and shows a code it cannot read as sent', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('CA')).toBe('Canada');
    expect(countryName('not a code')).toBe('not a code');
  });
});
