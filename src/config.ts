import { z } from 'zod';

/**
 * Process configuration, validated once at start. A bad value stops the process with a
 * message naming the variable (see `loadConfig`). Everything optional has a default that
 * makes `npm start` work on a fresh machine (embedded Postgres, in-process queue backend).
 */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const bool = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'),
  z.boolean().optional(),
);

export const configSchema = z.object({
  /**
   * `npm start` (src/main.ts) sets production when NODE_ENV is unset and `npm run dev` sets
   * development; the default here is for the CLIs, workers and tests that load a configuration.
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  APP_URL: optionalUrl,
  APP_NAME: z.string().default('Pitwall'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  REDIS_URL: optionalUrl,
  EVENTSTORE_URL: z.preprocess(emptyToUndefined, z.string().startsWith('esdb').optional()),
  SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  /**
   * Roots the key that wraps users' personal-data keys (docs/accounts.md); default: a key file in
   * DATA_DIR. Independent of SESSION_SECRET.
   */
  PII_MASTER_KEY: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Pitwall <no-reply@pitwall.local>'),
  DISCORD_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  DISCORD_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  DISCORD_CALLBACK_URL: optionalUrl,
  DISCORD_AUTHORIZE_URL: z.url().default('https://discord.com/api/oauth2/authorize'),
  DISCORD_TOKEN_URL: z.url().default('https://discord.com/api/oauth2/token'),
  DISCORD_API_URL: z.url().default('https://discord.com/api'),
  IRACING_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  IRACING_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  IRACING_USERNAME: z.preprocess(emptyToUndefined, z.string().optional()),
  IRACING_PASSWORD: z.preprocess(emptyToUndefined, z.string().optional()),
  IRACING_API_URL: z.url().default('https://members-ng.iracing.com'),
  IRACING_OAUTH_URL: z.url().default('https://oauth.iracing.com'),
  SEED_DEMO: bool,
  SEED_DRIVERS: z.coerce.number().int().min(0).default(5000),
  RUN_WORKERS: bool,
  /**
   * Web processes `npm start` serves with (Node cluster, one port): 1 serves from the process
   * itself; more fork that many HTTP-only children while the first process keeps the database,
   * the migrations, the workers and the demo seed (docs/reliability.md, "Load").
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * How long a mutation's answer waits for the read models to show its change (read-your-writes;
   * docs/web.md, "The write path"). 0: never waits.
   */
  READ_YOUR_WRITES_MS: z.coerce.number().int().min(0).max(30_000).default(3000),
  /**
   * Requests a minute one client address (an IPv6 /64) may send to /api/* (0: no limit); the
   * counters are shared by every web process (docs/api.md, "Limits and CORS").
   */
  API_RATE_LIMIT: z.coerce.number().int().min(0).default(600),
  /** Seconds a public racing API answer is reused in-process (0: off). See docs/api.md. */
  API_CACHE_SECONDS: z.coerce.number().int().min(0).max(30).default(10),
  /**
   * `/readyz` answers 503 while a projection is more than this many events behind the log
   * (docs/reliability.md, "Health").
   */
  READY_MAX_LAG: z.coerce.number().int().min(0).default(1000),
  /**
   * Reads (GET pages and /api outside /auth) one web process works on at once; more wait in
   * order, and while an account request or a mutation runs only a thirty-second of this (at
   * least one) do (docs/reliability.md, "Admission control"). 0: no admission control.
   */
  ADMISSION_READS: z.coerce.number().int().min(0).max(10_000).default(32),
  /** Reads that may wait for a slot; past that a read is answered 503 with Retry-After. */
  ADMISSION_QUEUE: z.coerce.number().int().min(0).max(100_000).default(1000),
  /**
   * The longest account work holds reads back (ms): a read that waited this long runs beside it.
   */
  ADMISSION_PRIORITY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  /** Megabytes of server-rendered pages reused in-process in production (0: off). See docs/web.md. */
  SSR_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(32),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(
      'Invalid configuration:\n' + issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n'),
    );
    this.name = 'ConfigError';
  }
}

/**
 * The public origin links in mail and OAuth callbacks are built from: APP_URL, else `http://HOST:PORT`
 * from this configuration (`localhost` for a wildcard host): a local machine on the embedded
 * database, development and tests (a deployment with DATABASE_URL must set APP_URL; see
 * `servingProblems`). Never a request's Host header, which the client chooses.
 */
export function appOrigin(config: Pick<Config, 'APP_URL' | 'HOST' | 'PORT'>): string {
  if (config.APP_URL) return new URL(config.APP_URL).origin;
  const host = ['0.0.0.0', '::', ''].includes(config.HOST)
    ? 'localhost'
    : config.HOST.includes(':')
      ? `[${config.HOST}]`
      : config.HOST;
  return `http://${host}:${config.PORT}`;
}

/**
 * What a process serving the site needs besides valid values: in production with a configured
 * database (DATABASE_URL: a real deployment), APP_URL, because links in mail must not depend on a
 * guess about the address users reach. On the embedded database (a local machine, the README's
 * first command) the origin defaults to `http://HOST:PORT` (`appOrigin`). `npm start` refuses to
 * start while a problem is left.
 */
export function servingProblems(config: Config): { variable: string; message: string }[] {
  if (config.NODE_ENV !== 'production' || !config.DATABASE_URL || config.APP_URL) return [];
  return [
    {
      variable: 'APP_URL',
      message:
        'required in production when DATABASE_URL is set: the public URL of the site (e.g. https://pitwall.example), used for links in mail',
    },
  ];
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  opts: { serving?: boolean } = {},
): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => ({ variable: String(i.path[0]), message: i.message })),
    );
  }
  if (opts.serving) {
    const problems = servingProblems(parsed.data);
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return parsed.data;
}
