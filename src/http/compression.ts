import type { RequestHandler } from 'express';

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
