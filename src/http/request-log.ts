import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.ts';
import { redactUrlSecrets } from './auth/log-redaction.ts';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id: a well-formed incoming X-Request-Id, else a new UUID. */
    id?: string;
  }
}

const INCOMING_ID = /^[\w.-]{1,100}$/;

/**
 * The request id and one log line per request. Every response carries `X-Request-Id` (error
 * pages show it, commands record it as their correlation id). When the request has ended the
 * log gets `request completed` (info; warn for 4xx, error for 5xx) with the method, the URL with
 * its secrets redacted (reset tokens, OAuth code/state), the status and the time taken; a client
 * that goes away first gets `request aborted`. No headers are logged, so no cookie can leak.
 * Hashed assets are not logged. The line is built only if its level is enabled: a quiet log
 * costs a request nothing but the id.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    if (req.url.startsWith('/assets/')) {
      next();
      return;
    }
    const started = performance.now();
    // 'close' follows 'finish' on every response (and comes alone when the client goes away).
    res.on('close', () => {
      const status = res.statusCode;
      const finished = res.writableFinished;
      const level = !finished ? 'warn' : status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const responseTime = performance.now() - started;
      logger[level](
        {
          reqId: id,
          req: { method: req.method, url: redactUrlSecrets(req.originalUrl) },
          res: { statusCode: status },
          responseTime: Math.round(responseTime * 10) / 10,
        },
        finished ? 'request completed' : 'request aborted',
      );
    });
    next();
  };
}
