import { fileTypeFromBuffer } from 'file-type';

/**
 * What an upload IS, from its bytes only: never from its name or the client's MIME type.
 * file-type (magic numbers of some 200 formats) recognises images, archives, executables,
 * documents; the setup check adds what it cannot see (text, HTML, SVG, scripts). See
 * docs/files.md for the rules.
 */

export type FileCheck =
  { ok: true; mediaType: string; extension: string } | { ok: false; reason: string };

/** The image types a team logo may be (never SVG: it can carry script). */
export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** A logo: PNG, JPEG or WebP by their signatures; anything else is refused. */
export async function checkLogoImage(content: Uint8Array): Promise<FileCheck> {
  if (content.length === 0) return { ok: false, reason: 'The file is empty.' };
  const type = await fileTypeFromBuffer(content);
  if (type && (LOGO_MEDIA_TYPES as readonly string[]).includes(type.mime)) {
    return { ok: true, mediaType: type.mime, extension: type.ext };
  }
  return { ok: false, reason: 'A logo must be a PNG, JPEG or WebP image.' };
}

/** The media type setup files are stored and served as: opaque bytes, never rendered. */
export const SETUP_MEDIA_TYPE = 'application/octet-stream';
/** The smallest setup file accepted (a real .sto is a few KiB; this only stops stubs). */
export const SETUP_MIN_BYTES = 64;

const HEAD_BYTES = 4096;

/**
 * An iRacing setup file (.sto). The format is iRacing's own and undocumented: binary, with no
 * published signature. So the check is conservative, by exclusion:
 *  - at least SETUP_MIN_BYTES;
 *  - no format file-type knows (image, archive, executable, PDF, office document, media…):
 *    a renamed zip or exe is refused;
 *  - binary: the first 4 KiB hold a NUL byte or many control bytes, so it is not a text file;
 *    this also refuses HTML, SVG, XML, JSON and scripts, which are text;
 *  - and, belt and braces, none of the markers a browser or shell would act on at its start
 *    (`<`, `#!`, a UTF BOM, `%!`, `{\rtf`) or an HTML/SVG/script tag anywhere in the first 4 KiB.
 */
export async function checkSetupFile(content: Uint8Array): Promise<FileCheck> {
  if (content.length < SETUP_MIN_BYTES) {
    return { ok: false, reason: 'This is not an iRacing setup file: it is too small.' };
  }
  const type = await fileTypeFromBuffer(content);
  if (type) {
    return {
      ok: false,
      reason: `This is not an iRacing setup file: it is a ${type.ext.toUpperCase()} file.`,
    };
  }
  const head = content.subarray(0, HEAD_BYTES);
  if (!looksBinary(head)) {
    return {
      ok: false,
      reason: 'This is not an iRacing setup file: it is a text file (setup files are binary).',
    };
  }
  const ascii = Buffer.from(head).toString('latin1');
  const start = ascii.replace(/^[\s\0]+/, '');
  if (/^(<|#!|\uFEFF|\u00EF\u00BB\u00BF|\u00FE\u00FF|\u00FF\u00FE|%!|\{\\rtf)/.test(start)) {
    return { ok: false, reason: 'This is not an iRacing setup file.' };
  }
  if (/<\s*(html|svg|script|body|iframe|!doctype|\?xml)\b/i.test(ascii)) {
    return { ok: false, reason: 'This is not an iRacing setup file: it contains markup.' };
  }
  return { ok: true, mediaType: SETUP_MEDIA_TYPE, extension: 'sto' };
}

/** Binary: a NUL byte, or more than 10% bytes that are neither printable nor whitespace. */
function looksBinary(head: Uint8Array): boolean {
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return true;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x7f) control++;
  }
  return control > head.length / 10;
}
