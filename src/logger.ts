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
