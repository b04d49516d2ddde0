import type { Response } from 'express';
import type { StoredFile } from '../files/store.ts';

/**
 * How stored uploads leave the server (docs/files.md): never sniffed (`nosniff`), never run
 * (a CSP that allows nothing and sandboxes the document, should a browser render it anyway),
 * each with its stored media type, its length and its SHA-256 as an ETag.
 *  - `attachment`: setup files (and anything that is not an image): always a download, named
 *    by RFC 6266 (`filename` ASCII fallback + `filename*` UTF-8).
 *  - `inline`: only the logo image types (PNG, JPEG, WebP); never HTML or SVG.
 */

const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 / RFC 8187). */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function sendStoredFile(
  res: Response,
  file: StoredFile,
  options: { inline?: boolean; cacheControl?: string } = {},
): void {
  const inline = options.inline === true && INLINE_TYPES.has(file.mediaType);
  res.status(200);
  res.setHeader('Content-Type', inline ? file.mediaType : 'application/octet-stream');
  res.setHeader('Content-Length', String(file.content.length));
  res.setHeader(
    'Content-Disposition',
    contentDisposition(inline ? 'inline' : 'attachment', file.fileName),
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  res.setHeader('Cache-Control', options.cacheControl ?? 'private, no-store');
  res.setHeader('ETag', `"${file.sha256}"`);
  res.end(file.content);
}
