import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { CompressionOptions } from 'compression';
import Negotiator from 'negotiator';
import type { Request, RequestHandler, Response } from 'express';

/**
 * How hard answers are compressed: gzip level 3 and brotli quality 1, against zlib's default 6
 * and the compression middleware's brotli default 4. On the racing pages' server-rendered
 * documents (20–130 KB) gzip 3 takes about half the CPU of level 6 for 5–15 % more bytes, and
 * brotli 1 a third of quality 4's for 15 % more, smaller than gzip 3's output; at either
 * setting a typical document is 7–15 KB on the wire, about one initial TCP congestion window,
 * so the bytes saved by the higher settings rarely save a round trip, while the CPU is what a
 * busy server runs out of (docs/benchmarks.md, "The render path").
 */
export const GZIP_LEVEL = 3;
export const BROTLI_QUALITY = 1;

/** Options of the compression middleware (answers written as a stream: files, the API). */
export const compressionOptions: CompressionOptions = {
  level: GZIP_LEVEL,
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
};

/** Answers shorter than this go uncompressed (the compression middleware's default too). */
const THRESHOLD_BYTES = 1024;

/**
 * Runs `compress` (the compression middleware) only for requests that accept a compressed
 * answer. compression itself would answer such a request uncompressed too, but only after
 * wrapping the response's write path; a client that sends no Accept-Encoding (API clients,
 * health checks, load generators) skips that cost. Browsers always send it.
 */
export function compressionFor(compress: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const accepted = req.headers['accept-encoding'];
    if (!accepted || accepted === 'identity') {
      next();
      return;
    }
    void compress(req, res, next);
  };
}

/** The encodings sendWhole produces, in the order it prefers them when a client accepts both. */
const SUPPORTED_ENCODINGS = ['br', 'gzip', 'identity'];
const PREFERRED_ENCODINGS = ['br', 'gzip'];
/** negotiator's `encoding` with its second argument, the order among equal qualities (the
 * compression middleware passes it; @types/negotiator declares only the first). */
interface PreferringNegotiator {
  encoding(available: string[], preferred: string[]): string | undefined;
}

/**
 * The encoding of an answer to this request, negotiated as the compression middleware
 * negotiates a streamed answer (`negotiator`, the same package and preference): brotli when
 * accepted at least as much as gzip, else gzip, else none. An absent Accept-Encoding gets none.
 */
export function chooseEncoding(req: Pick<Request, 'headers'>): 'br' | 'gzip' | null {
  if (!req.headers['accept-encoding']) return null;
  const negotiator = new Negotiator(req) as unknown as PreferringNegotiator;
  const chosen = negotiator.encoding(SUPPORTED_ENCODINGS, PREFERRED_ENCODINGS);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/**
 * Sends `body` as the whole answer in one write, with its Content-Length: compressed in one
 * synchronous call when the request accepts brotli or gzip and the body is at least 1 KB. For
 * answers built whole in memory (the Inertia pages): the compression middleware would pass
 * them through a zlib stream on the thread pool, which costs per answer a stream, its events
 * and two to three socket writes of a chunked body on top of the compression itself
 * (docs/benchmarks.md, "The render path"). The middleware leaves an answer that already has a
 * Content-Encoding alone. With `etag`, the ETag Express's `res.send` would set (the app's
 * `etag fn` over the uncompressed bytes), and a 304 without a body when the request's
 * If-None-Match names it, as `res.send` answers.
 */
export function sendWhole(
  req: Request,
  res: Response,
  status: number,
  contentType: string,
  body: string,
  options: { etag?: boolean } = {},
): void {
  let bytes = Buffer.from(body, 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.vary('Accept-Encoding');
  if (options.etag) {
    const etagOf = req.app.get('etag fn') as ((body: Buffer) => string | undefined) | undefined;
    const etag = etagOf?.(bytes);
    if (etag) res.setHeader('ETag', etag);
    if (etag && req.fresh) {
      res.statusCode = 304;
      res.removeHeader('Content-Type');
      res.end();
      return;
    }
  }
  const encoding = bytes.length >= THRESHOLD_BYTES ? chooseEncoding(req) : null;
  if (encoding === 'br') {
    bytes = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  } else if (encoding === 'gzip') {
    bytes = gzipSync(bytes, { level: GZIP_LEVEL });
  }
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', bytes.length);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
