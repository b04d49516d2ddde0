import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import onHeaders from 'on-headers';
import express, { type Express, type Request, type RequestHandler } from 'express';
import type { ViteDevServer } from 'vite';
import type { AuthUser } from '../../web/inertia/shared-props.ts';
import { themeInitScriptTag } from '../../web/lib/theme.ts';
import { builtAssets } from './assets.ts';
import { createAccounts } from './auth/accounts.ts';
import { csrfProtection } from './csrf.ts';
import { requestLog } from './request-log.ts';
import { compressionFor, compressionOptions } from './compression.ts';
import { createResponseCache } from './response-cache.ts';
import type { HttpDeps, WebMode } from './deps.ts';
import { errorHandler, isApiRequest, notFound, renderErrorPage, sendJsonError } from './errors.ts';
import type { AssetTags, SsrRenderer } from './inertia/inertia.ts';
import { inertiaMiddleware } from './inertia/middleware.ts';
import { routes as routeTable } from './route-table.ts';
import { assertRouteTable, registerRoutes } from './routing/register.ts';
import { routeLookup } from './routing/lookup.ts';
import type { RouteDef } from './routing/types.ts';
import { securityHeaders } from './security.ts';
import { loadSessionSecret } from './session/secret.ts';
import { createSession } from './session/session.ts';
import { builtSsrRenderer, viteSsrRenderer } from './ssr.ts';
import { cachedSsrRenderer } from './ssr-cache.ts';
import { staticAssets } from './static.ts';
import { bodyParsers, formMethodOverride, rejectNulInUrl } from './body.ts';
import { appOrigin } from '../config.ts';
import { series } from './series.ts';
import { healthRoutes, processVersionWatch } from './health/health.ts';
import { apiManners } from './api-manners.ts';
import { createPostgresRateLimiter, createRedisRateLimiter } from './auth/rate-limit.ts';
import {
  admissionControl,
  admissionOptions,
  createAdmission,
  type Admission,
} from './admission.ts';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const JSON_BODY_LIMIT = '100kb';
/** Memory the public API answer cache may hold (answers are 1–20 kB). */
const API_CACHE_BYTES = 64 * 1024 * 1024;
/** Served while refreshed up to the max-age the racing answers advertise (RACING_CACHE_CONTROL). */
const API_CACHE_STALE_MS = 30_000;

export interface HttpApp {
  app: Express;
  /** The asset version pages carry (null in development). */
  version: string | null;
  /** The admission control in front of the routes (admission.ts); null when ADMISSION_READS=0. */
  admission: Admission | null;
  /** Releases what the app holds (session store pool, Vite); the HTTP server is closed first. */
  close(): Promise<void>;
}

export interface CreateHttpAppOptions {
  /** Routes added after the table (tests only: protocol fixtures, slow pages). */
  extraRoutes?: readonly RouteDef[];
}

function defaultWebMode(deps: HttpDeps): WebMode {
  if (deps.web) return deps.web;
  return deps.config.NODE_ENV === 'development'
    ? { mode: 'vite' }
    : { mode: 'built', dir: path.join(projectRoot, 'dist') };
}

/**
 * TRUST_PROXY: 'true'/'false', a hop count, or a comma list of addresses/subnets (Express
 * syntax). 'true' means ONE proxy in front (the client address is the last one it appends):
 * Express's own `true` would trust every hop, so a client could name any address it likes in
 * X-Forwarded-For and pick its own rate-limit bucket. More hops: give their count.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Where the sessionless routes live (all of them are public JSON GETs under /api/). */
const SESSIONLESS_PREFIX = /^\/api\//i;

/** Runs `handler` only for request URLs that match `prefix` (the router's matching is case-insensitive too). */
function onlyUnder(prefix: RegExp, handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (!prefix.test(req.url)) {
      next();
      return;
    }
    void handler(req, res, next);
  };
}

/** Calls `resolve` at most once per request (authorization and shared props both ask). */
function memoUser(resolve: HttpDeps['resolveUser']): (req: Request) => Promise<AuthUser | null> {
  const cache = new WeakMap<Request, Promise<AuthUser | null>>();
  return (req) => {
    if (!resolve) return Promise.resolve(null);
    let pending = cache.get(req);
    if (!pending) {
      pending = resolve(req);
      cache.set(req, pending);
    }
    return pending;
  };
}

/**
 * The Express 5 app of the web process. Middleware order (each line's reason):
 *  0. /healthz and /readyz (health/health.ts): unlogged, no session, nothing else in the way;
 *  1. request id + one log line (src/http/request-log.ts); security headers (CSP nonce);
 *     compression (only for clients that accept it);
 *  2. hashed static assets (immutable) or Vite's dev middleware; admission control (reads wait
 *     in a bounded queue, account requests go first: admission.ts); then the sessionless routes
 *     (public, cacheable JSON GETs), before anything touches the session, so they cost no
 *     session round trip and carry no cookie;
 *  3. the Inertia adapter (per-request instance, version 409, 302→303);
 *  4. session (PostgreSQL) and CSRF (419 before any handler runs);
 *  5. body parsers with limits; passport (accounts) when there is an event store; the route
 *     table with central authorization;
 *  6. 404 → Public/NotFound, errors → Public/ServerError / JSON; never a stack trace.
 */
/**
 * Every answer to a signed-in user is `Cache-Control: private, no-store`: it carries their
 * account (name, settings, favorites), which no shared cache or back/forward cache on a shared
 * machine may keep. Set when the headers go out, so no handler can weaken it.
 */
const privateForSignedIn: RequestHandler = (req, res, next) => {
  if (req.user) onHeaders(res, () => res.setHeader('Cache-Control', 'private, no-store'));
  next();
};

export async function createHttpApp(
  deps: HttpDeps,
  options: CreateHttpAppOptions = {},
): Promise<HttpApp> {
  const { config, logger } = deps;
  const development = config.NODE_ENV === 'development';
  const production = config.NODE_ENV === 'production';
  const web = defaultWebMode(deps);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', parseTrustProxy(config.TRUST_PROXY));
  app.set('query parser', 'simple');

  const closers: (() => Promise<void>)[] = [];
  let assets: AssetTags = { tags: () => '' };
  let ssr: SsrRenderer | null;
  let version: string | null = null;
  let vite: ViteDevServer | null = null;

  switch (web.mode) {
    case 'vite': {
      const { createServer } = await import('vite');
      vite = await createServer({
        configFile: path.join(projectRoot, 'vite.config.ts'),
        root: projectRoot,
        server: { middlewareMode: true },
        appType: 'custom',
        logLevel: 'warn',
      });
      const devServer = vite;
      closers.push(() => devServer.close());
      assets = {
        tags: () => '<script type="module" src="/web/app.tsx"></script>',
        transformHtml: (url, html) => devServer.transformIndexHtml(url, html),
      };
      ssr = viteSsrRenderer(devServer);
      break;
    }
    case 'built': {
      const built = builtAssets(web.dir);
      assets = built;
      version = built.version;
      ssr = await builtSsrRenderer(web.dir);
      if (config.SSR_CACHE_MB > 0) {
        ssr = cachedSsrRenderer(ssr, { maxBytes: config.SSR_CACHE_MB * 1024 * 1024 });
      }
      break;
    }
    case 'none':
      version = web.version ?? null;
      ssr = web.ssr ?? null;
      break;
    default: {
      const unreachable: never = web;
      throw new Error(`Unknown web mode ${JSON.stringify(unreachable)}`);
    }
  }

  // Public JSON GETs that answer every visitor alike, before any per-visitor layer (types.ts).
  const table = [...routeTable, ...(options.extraRoutes ?? [])];
  assertRouteTable(table);
  const noUser = () => Promise.resolve(null);
  const apiCache =
    deps.apiCache !== undefined
      ? deps.apiCache
      : config.API_CACHE_SECONDS > 0
        ? createResponseCache({
            ttlMs: config.API_CACHE_SECONDS * 1000,
            staleMs: API_CACHE_STALE_MS,
            maxBytes: API_CACHE_BYTES,
          })
        : null;
  const sessionless = table.filter((r) => r.sessionless);
  const publicApiRouter = express.Router();
  registerRoutes(publicApiRouter, sessionless, { ...deps, apiCache }, noUser);
  // The same routes, matched at once (routing/lookup.ts); the router takes what it does not.
  const publicApi = routeLookup(sessionless, { ...deps, apiCache }, publicApiRouter);
  const admission =
    config.ADMISSION_READS > 0
      ? createAdmission(
          admissionOptions(
            config.ADMISSION_READS,
            config.ADMISSION_QUEUE,
            config.ADMISSION_PRIORITY_MS,
          ),
        )
      : null;
  const versions = processVersionWatch({ knex: deps.knex, projections: deps.projections });
  // Liveness and readiness: before the request log and every per-visitor layer.
  app.use(
    healthRoutes({
      versions,
      admission,
      knex: deps.knex,
      eventStore: deps.eventStore,
      jobs: deps.jobs,
      projections: deps.projections,
      logger,
      maxLag: config.READY_MAX_LAG,
    }),
  );
  // The API's per-client limit and CORS (api-manners.ts), counted where the accounts' limits are.
  const apiLimiter = config.REDIS_URL
    ? createRedisRateLimiter(config.REDIS_URL, { prefix: 'pitwall', logger })
    : createPostgresRateLimiter(deps.knex);
  closers.push(() => apiLimiter.close());
  // Every request passes these; one router layer (series.ts).
  app.use(
    series([
      requestLog(logger),
      securityHeaders({ development }),
      rejectNulInUrl,
      compressionFor(compression(compressionOptions)),
      ...(web.mode === 'built' ? [staticAssets(builtAssets(web.dir).clientDir)] : []),
      ...(vite ? [vite.middlewares as RequestHandler] : []),
      ...(admission ? [admissionControl(admission, logger)] : []),
      onlyUnder(
        SESSIONLESS_PREFIX,
        apiManners({ perMinute: config.API_RATE_LIMIT, limiter: apiLimiter, logger }),
      ),
      onlyUnder(SESSIONLESS_PREFIX, publicApi),
    ]),
  );

  // The accounts area (sessions, passport, src/http/auth) exists whenever there is an event store.
  const accounts =
    deps.accounts ??
    (deps.eventStore
      ? createAccounts({
          ...deps,
          eventStore: deps.eventStore,
          mailer: required(deps.mailer, 'mailer'),
        })
      : null);
  if (accounts && !deps.accounts) closers.push(() => accounts.close());
  const userOf = memoUser(deps.resolveUser ?? accounts?.resolveUser);
  const inertia = inertiaMiddleware({
    appName: config.APP_NAME,
    version: () => version,
    assets,
    ssr,
    logger,
    resolveUser: userOf,
    // Sets the dark class before first paint (no flash of the wrong theme); CSP-allowed by nonce.
    headStart: (nonce) => themeInitScriptTag(nonce),
  });

  const secret = await loadSessionSecret({
    configured: config.SESSION_SECRET,
    dataDir: config.DATA_DIR,
  });
  const csrf = csrfProtection({
    secret,
    appOrigin: appOrigin(config),
    onReject: (req, res) => {
      if (isApiRequest(req)) {
        sendJsonError(res, 419, {
          error: 'csrf_token_mismatch',
          message:
            'The security token (X-XSRF-TOKEN) is missing or wrong. Nothing was changed; reload and try again.',
        });
        return;
      }
      renderErrorPage(req, 419).catch((err: unknown) => {
        logger.error({ err }, '419 page failed');
        if (!res.headersSent) res.status(419).type('text').send('Page expired');
      });
    },
  });
  const session = createSession({
    databaseUrl: deps.databaseUrl,
    secret,
    logger,
    onOpen: csrf.sessionOpened,
  });
  closers.push(() => session.close());
  if (accounts) accounts.installRequestMethods(app.request);
  // The per-visitor layers of every page and call, in this order; one router layer.
  app.use(
    series([
      inertia,
      session.middleware,
      csrf.middleware,
      bodyParsers(JSON_BODY_LIMIT),
      formMethodOverride,
      ...(accounts ? [accounts.middleware, privateForSignedIn] : []),
    ]),
  );

  const routeDeps = accounts ? { ...deps, accounts, resolveUser: userOf } : deps;
  registerRoutes(
    app,
    table.filter((r) => !r.sessionless),
    routeDeps,
    userOf,
  );

  app.use(notFound);
  app.use(errorHandler({ logger, production, versions }));

  return {
    app,
    version,
    admission,
    close: async () => {
      for (const close of closers.reverse())
        await close().catch((err: unknown) => logger.warn({ err }, 'close failed'));
    },
  };
}

/** A dependency the composition root must supply once the area that needs it is on. */
function required<T>(value: T | undefined, name: keyof HttpDeps): T {
  if (value === undefined) throw new Error(`HttpDeps.${name} is required with an event store`);
  return value;
}
