import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs in production (one object a line); pretty, coloured lines in development. */
export function createLogger(opts: { level: string; pretty: boolean }): Logger {
  return pino({
    level: opts.level,
    // Secrets never reach a log line: session cookies both ways, bearer tokens, passwords.
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        'password',
        '*.password',
      ],
      remove: true,
    },
    ...(opts.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              colorize: true,
              translateTime: 'HH:MM:ss.l',
              singleLine: true,
              ignore: 'pid,hostname',
            },
          },
        }
      : {}),
  });
}

/**
 * Logs the first error of a run of identical ones and then one per `everyMs` (ioredis reports
 * every failed reconnect; an outage of minutes must not flood the log).
 */
export function quietRepeats(log: (err: Error) => void, everyMs = 30_000): (err: Error) => void {
  let last = '';
  let at = 0;
  return (err) => {
    const now = Date.now();
    if (err.message === last && now - at < everyMs) return;
    last = err.message;
    at = now;
    log(err);
  };
}
