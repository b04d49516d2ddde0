import { describe, expect, it } from 'vitest';
import { demoSetupFile } from './demo-setup-file.ts';
import { checkLogoImage, checkSetupFile } from './inspect.ts';

/** What an upload is, from its bytes only (docs/files.md). */
const sto = demoSetupFile({ seed: 7, carId: 132, trackId: 163, lines: ['Tire pressure 165 kPa'] });
// The smallest valid PNG header (signature + IHDR chunk start).
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from([0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(80),
]);
const text = (s: string) => Buffer.from(s.repeat(Math.ceil(200 / s.length)));

describe('checkSetupFile', () => {
  it('accepts a binary setup file', async () => {
    expect(await checkSetupFile(sto)).toMatchObject({ ok: true, extension: 'sto' });
  });

  it.each([
    ['HTML', text('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['SVG', text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a shell script', text('#!/bin/sh\nrm -rf /\n')],
    ['plain text', text('tyre pressure 165 kPa\n')],
    ['UTF-16 HTML', Buffer.from('<html><body>hi</body></html>'.repeat(8), 'utf16le')],
    ['a PNG', png],
    ['a zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200)])],
    ['a Windows executable', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)])],
    [
      'binary with an HTML tag inside',
      Buffer.concat([Buffer.alloc(100), Buffer.from('<script>x</script>')]),
    ],
    ['a stub', Buffer.alloc(10)],
  ])('refuses %s', async (_name, content) => {
    expect((await checkSetupFile(content)).ok).toBe(false);
  });
});

describe('checkLogoImage', () => {
  it('accepts PNG and refuses SVG, HTML and a setup file', async () => {
    expect(await checkLogoImage(png)).toMatchObject({ ok: true, mediaType: 'image/png' });
    expect((await checkLogoImage(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).ok).toBe(
      false,
    );
    expect((await checkLogoImage(text('<html></html>'))).ok).toBe(false);
    expect((await checkLogoImage(sto)).ok).toBe(false);
  });
});
