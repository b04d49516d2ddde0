import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The stored-files table (migration 0085): uploads kept in PostgreSQL as bytea, each with its
 * size and SHA-256. Writes happen before the command that names the file (so an event never
 * points at a file that is not there); a command that is then refused deletes the file again.
 */

export const STORED_FILES_TABLE = 'stored_files';

export type FileKind = 'setup' | 'team_logo';

/** What an event records about a stored file. */
export interface FileRef {
  fileId: string;
  fileName: string;
  byteSize: number;
  sha256: string;
}

export interface StoredFile extends FileRef {
  kind: FileKind;
  mediaType: string;
  content: Buffer;
}

export function sha256Hex(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * A safe file name for storage and for Content-Disposition: the base name only (no folders),
 * control characters, quotes, separators and reserved characters dropped, at most 120
 * characters, ending in `.extension`.
 */
export function safeFileName(name: string | undefined, fallback: string, extension: string) {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>:|?*;%\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const stem =
    cleaned
      .replace(/\.[^.]*$/, '')
      .slice(0, 110)
      .trim() || fallback;
  return `${stem}.${extension}`;
}

export async function storeFile(
  db: Knex,
  file: { fileId: string; kind: FileKind; fileName: string; mediaType: string; content: Buffer },
): Promise<FileRef> {
  const sha256 = sha256Hex(file.content);
  await db(STORED_FILES_TABLE)
    .insert({
      id: file.fileId,
      kind: file.kind,
      file_name: file.fileName,
      media_type: file.mediaType,
      byte_size: file.content.length,
      sha256,
      content: file.content,
    })
    .onConflict('id')
    .ignore();
  return { fileId: file.fileId, fileName: file.fileName, byteSize: file.content.length, sha256 };
}

export async function loadFile(db: Knex, fileId: string): Promise<StoredFile | null> {
  const row = await db(STORED_FILES_TABLE).where({ id: fileId }).first<
    | {
        id: string;
        kind: FileKind;
        file_name: string;
        media_type: string;
        byte_size: number;
        sha256: string;
        content: Buffer;
      }
    | undefined
  >();
  if (!row) return null;
  return {
    fileId: row.id,
    kind: row.kind,
    fileName: row.file_name,
    mediaType: row.media_type,
    byteSize: row.byte_size,
    sha256: row.sha256,
    content: row.content,
  };
}

export async function fileExists(db: Knex, fileId: string): Promise<boolean> {
  return (await db(STORED_FILES_TABLE).where({ id: fileId }).first('id')) !== undefined;
}

export async function deleteFile(db: Knex, fileId: string): Promise<void> {
  await db(STORED_FILES_TABLE).where({ id: fileId }).delete();
}
