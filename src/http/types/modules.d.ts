// Types for small CommonJS packages that ship none.

declare module 'on-headers' {
  import type { ServerResponse } from 'node:http';
  /** Runs `listener` (with `this` = the response) just before the response writes its headers. */
  function onHeaders(res: ServerResponse, listener: (this: ServerResponse) => void): void;
  export default onHeaders;
}

declare module 'connect-pg-simple' {
  import type session from 'express-session';
  import type { Pool } from 'pg';
  interface PGStoreOptions {
    pool?: Pool;
    tableName?: string;
    schemaName?: string;
    createTableIfMissing?: boolean;
    ttl?: number;
    disableTouch?: boolean;
    pruneSessionInterval?: false | number;
    errorLog?: (...args: unknown[]) => void;
  }
  export class PGStore extends session.Store {
    constructor(options?: PGStoreOptions);
    get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void): void;
    set(sid: string, session: session.SessionData, callback?: (err?: unknown) => void): void;
    destroy(sid: string, callback?: (err?: unknown) => void): void;
    touch(sid: string, session: session.SessionData, callback?: (err?: unknown) => void): void;
    close(): void;
  }
  function connectPgSimple(s: typeof session): typeof PGStore;
  export default connectPgSimple;
}
