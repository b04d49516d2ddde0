import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import busboy from 'busboy';
import type { Knex } from 'knex';
import type { FileCheck } from '../files/inspect.ts';
import {
  deleteFile,
  safeFileName,
  storeFile,
  type FileKind,
  type FileRef,
} from '../files/store.ts';
import { HttpError } from './errors.ts';
import { refuse } from './mutation.ts';
import type { RouteHandler } from './routing/types.ts';

/**
 * multipart/form-data bodies (the admin forms that carry a file), parsed with busboy as the
 * request streams in: the text fields become `req.body`, the one file field is collected into
 * memory up to a hard limit and no further (the rest of an oversized file is read and dropped,
 * never buffered). A request that is not multipart passes through untouched (its JSON or
 * urlencoded body was parsed by body.ts), so the same route serves forms without a file.
 */

export interface Upload {
  field: string;
  /** The name the browser sent (only ever used, cleaned, as a download name). */
  fileName: string;
  content: Buffer;
  /** The file was larger than the limit: `content` holds only its first `maxBytes`. */
  tooLarge: boolean;
}

const uploads = new WeakMap<Request, Upload>();

/** The file that came with this request, if any (after `withUpload`). */
export function uploadOf(req: Request): Upload | null {
  return uploads.get(req) ?? null;
}

const FIELD_LIMIT = 64 * 1024;
const FIELDS_MAX = 50;

/** Parses a multipart body into `req.body` + the upload (`uploadOf`); other bodies pass. */
export function parseMultipart(
  req: Request,
  options: { fileField: string; maxBytes: number },
): Promise<void> {
  if (!req.is('multipart/form-data')) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Browsers send file names as UTF-8 (busboy's default reads them as latin1).
        defParamCharset: 'utf8',
        limits: {
          fileSize: options.maxBytes,
          files: 1,
          fields: FIELDS_MAX,
          fieldSize: FIELD_LIMIT,
          parts: FIELDS_MAX + 1,
        },
      });
    } catch {
      reject(new HttpError(400, 'The form data could not be read.'));
      return;
    }
    const fields: Record<string, string> = {};
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== options.fileField) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let tooLarge = false;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        const content = Buffer.concat(chunks);
        if (content.length > 0 || info.filename) {
          uploads.set(req, { field: name, fileName: info.filename ?? '', content, tooLarge });
        }
      });
    });
    parser.on('error', () => reject(new HttpError(400, 'The form data could not be read.')));
    parser.on('close', () => {
      req.body = fields;
      resolve();
    });
    req.pipe(parser);
  });
}

/** A route handler that first reads a multipart body (see `parseMultipart`). */
export function withUpload(
  options: { fileField: string; maxBytes: number },
  handler: RouteHandler,
): RouteHandler {
  return async (req, res, deps) => {
    await parseMultipart(req, options);
    await handler(req, res, deps);
  };
}

/** A file that passed its content check, ready to store. */
export interface AcceptedUpload {
  fileName: string;
  content: Buffer;
  mediaType: string;
  extension: string;
}

/**
 * The request's upload, checked: too large, empty or of the wrong kind (by its bytes, through
 * `check`) refuses the form with a field error under `field`, nothing stored. No file: null
 * (or a refusal when `required`).
 */
export async function checkedUpload(
  req: Request,
  options: {
    field: string;
    required: boolean;
    maxBytes: number;
    sizeLabel: string;
    check: (content: Buffer) => Promise<FileCheck>;
  },
): Promise<AcceptedUpload | null> {
  const upload = uploadOf(req);
  if (!upload || (upload.content.length === 0 && !upload.tooLarge)) {
    if (options.required) refuse({ [options.field]: 'Choose a file to upload.' });
    return null;
  }
  if (upload.tooLarge || upload.content.length > options.maxBytes) {
    refuse({ [options.field]: `The file is too large: at most ${options.sizeLabel}.` });
  }
  const result = await options.check(upload.content);
  if (!result.ok) refuse({ [options.field]: result.reason });
  return {
    fileName: upload.fileName,
    content: upload.content,
    mediaType: result.mediaType,
    extension: result.extension,
  };
}

/**
 * The request's checked upload (see `checkedUpload`), stored in `stored_files` under a new id
 * with a cleaned name ending in the detected extension; null when none was sent (and not
 * `required`). Store it only once the form's other fields passed, and run the command that
 * names it through `withStoredFile`.
 */
export async function storeCheckedUpload(
  req: Request,
  knex: Knex,
  options: Parameters<typeof checkedUpload>[1] & { kind: FileKind; fallbackName: string },
): Promise<(FileRef & { mediaType: string }) | null> {
  const { kind, fallbackName, ...check } = options;
  const upload = await checkedUpload(req, check);
  if (!upload) return null;
  const ref = await storeFile(knex, {
    fileId: randomUUID(),
    kind,
    fileName: safeFileName(upload.fileName, fallbackName, upload.extension),
    mediaType: upload.mediaType,
    content: upload.content,
  });
  return { ...ref, mediaType: upload.mediaType };
}

/**
 * Runs `write` (the command naming a freshly stored file); when it is refused or fails, the
 * file is deleted again, so a refused form stores nothing.
 */
export async function withStoredFile<T>(
  knex: Knex,
  file: FileRef | null,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (file) await deleteFile(knex, file.fileId);
    throw err;
  }
}
