import { describe, expect, it } from 'vitest';
import { chooseEncoding } from './compression.ts';

const encodingFor = (acceptEncoding?: string) =>
  chooseEncoding({
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('chooseEncoding', () => {
  it('prefers brotli when a browser accepts both', () => {
    expect(encodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(encodingFor('br;q=0.9, gzip;q=0.9')).toBe('br');
  });

  it('sends gzip to a client that accepts only gzip, in any case', () => {
    expect(encodingFor('gzip')).toBe('gzip');
    expect(encodingFor('GZIP, deflate')).toBe('gzip');
  });

  it('follows the quality values', () => {
    expect(encodingFor('br;q=0.5, gzip')).toBe('gzip');
    expect(encodingFor('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(encodingFor('gzip;q=0, br;q=0')).toBeNull();
  });

  it('reads * as every encoding not named', () => {
    expect(encodingFor('*')).toBe('br');
    expect(encodingFor('br;q=0, *')).toBe('gzip');
    expect(encodingFor('*;q=0')).toBeNull();
  });

  it('sends nothing compressed without the header, or for encodings it does not produce', () => {
    expect(encodingFor(undefined)).toBeNull();
    expect(encodingFor('')).toBeNull();
    expect(encodingFor('identity')).toBeNull();
    expect(encodingFor('deflate')).toBeNull();
    expect(encodingFor('x-gzip, zstd')).toBeNull();
  });
});
