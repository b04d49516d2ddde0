import type { Request } from 'express';
import type { Config } from '../config.ts';
import type { Knex } from '../db/knex.ts';
import type { EventStore } from '../eventstore/port.ts';
import type { JobSystem } from '../jobs/system.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ProjectionRegistry } from '../projections/core/registry.ts';
import type { WaitForProjections } from '../projections/core/wait-for.ts';
import type { AuthUser } from '../../web/inertia/shared-props.ts';
import type { SsrRenderer } from './inertia/inertia.ts';
import type { ResponseCache } from './response-cache.ts';

/**
 * How the server finds the client bundle and the SSR entry:
 *  - 'vite': Vite in middleware mode (development; no build needed, HMR, ssrLoadModule);
 *  - 'built': the output of `npm run build` under `dir` (client/ and ssr/);
 *  - 'none': no bundle (protocol tests): the shell has no script tags; `ssr` may supply a
 *    renderer directly.
 */
export type WebMode =
  | { mode: 'vite' }
  | { mode: 'built'; dir: string }
  | { mode: 'none'; version?: string | null; ssr?: SsrRenderer | null };

/**
 * What the HTTP layer needs. Areas add their own dependencies by declaration merging:
 *
 *   declare module '../http/deps.ts' { interface HttpDeps { mailer: Mailer } }
 *
 * so this file does not have to know every area.
 */
export interface HttpDeps {
  config: Config;
  logger: Logger;
  knex: Knex;
  /** Connection string of the app database (the session store keeps its own small pool). */
  databaseUrl: string;
  eventStore?: EventStore;
  /** The process's job system (src/app/runtime.ts): wakes projections after appends, queues jobs. */
  jobs?: JobSystem;
  /** The process's mailer (src/app/runtime.ts); the accounts area sends through it. */
  mailer?: Mailer;
  /** The process's projections (src/app/runtime.ts); the admin dashboard reports their health. */
  projections?: ProjectionRegistry;
  /**
   * Read-your-writes for the write path (mutation.ts): default, polling the projections'
   * checkpoints. Int tests without workers pass one that runs the projections instead.
   */
  waitForProjections?: WaitForProjections;
  /** The signed-in user for `req` (accounts area); until it exists everyone is a guest. */
  resolveUser?: (req: Request) => Promise<AuthUser | null>;
  /** Default: 'vite' in development, 'built' (./dist) otherwise. */
  web?: WebMode;
  /** Public API answers reused in-process (set by the app from API_CACHE_SECONDS; null: off). */
  apiCache?: ResponseCache | null;
  /** The clock of "today" in read answers (as-of bounds); default: the system clock. */
  now?: () => Date;
}
