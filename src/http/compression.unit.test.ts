import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './compression.ts';

describe('chooseEncoding', () => {
  it('prefers brotli when a browser accepts both', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
  });

  it('sends gzip to a client that accepts only gzip', () => {
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('x-gzip, deflate')).toBe('gzip');
  });

  it('follows the quality values', () => {
    expect(chooseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBeNull();
  });

  it('reads * as every encoding not named', () => {
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('br;q=0, *')).toBe('gzip');
    expect(chooseEncoding('*;q=0')).toBeNull();
  });

  it('sends nothing compressed without the header, or for identity and deflate alone', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('deflate')).toBeNull();
  });
});
