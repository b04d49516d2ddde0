import { randomFillSync } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'express-serve-static-core' {
  interface Locals {
    /** Per-response CSP nonce for the few inline scripts the document needs (theme init). */
    cspNonce?: string;
  }
}

/**
 * Security headers (helmet) with a CSP that permits exactly the app:
 *  - scripts from this origin, plus inline scripts carrying this response's nonce; in
 *    development Vite's client and React refresh preamble are inline and talk over a websocket,
 *    so 'unsafe-inline' and ws: are allowed there only;
 *  - styles from this origin and inline styles (the Inertia progress bar injects a <style>);
 *  - framing denied (frame-ancestors 'none', X-Frame-Options DENY), no plugins, base-uri self,
 *    forms post only to this origin;
 *  - Referrer-Policy same-origin (helmet's default, no-referrer, would send every redirect
 *    back to its fallback).
 * helmet's headers do not depend on the request: they are taken from helmet once at start
 * (`fixedHeaders`) and set from that list, so every response gets exactly helmet's headers
 * without running its dozen small middleware per request.
 */
export function securityHeaders(opts: { development: boolean }): RequestHandler {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', opts.development ? ["'self'", "'unsafe-inline'"] : ["'self'", NONCE]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', opts.development ? ["'self'", 'ws:', 'wss:'] : ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  // The policy is fixed at start; only the nonce differs per response.
  const [before, after = ''] = directives
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
    .split(NONCE);
  const { set, removed } = fixedHeaders(helmetOptions(opts));
  return (_req, res, next) => {
    if (opts.development) {
      res.setHeader('Content-Security-Policy', before ?? '');
    } else {
      const nonce = nextNonce();
      res.locals.cspNonce = nonce;
      res.setHeader('Content-Security-Policy', `${before}'nonce-${nonce}'${after}`);
    }
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}

/** helmet's settings for this app (the CSP is ours, above). */
export function helmetOptions(opts: { development: boolean }): HelmetOptions {
  return {
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    // Same-origin requests keep their Referer (nothing leaves for other sites): the Inertia
    // redirect back after a form error (`res.inertia.back()`) finds the form's page by it.
    referrerPolicy: { policy: 'same-origin' },
    // The Vite dev client and module preloads need no cross-origin isolation.
    crossOriginEmbedderPolicy: false,
    hsts: !opts.development,
  };
}

/**
 * The headers helmet sets and removes, recorded once by running it against a stand-in
 * response. helmet 8 decides them from its options alone (it never reads the request) and
 * synchronously; a helmet that ever did otherwise fails here at start instead of silently
 * sending other headers.
 */
export function fixedHeaders(options: HelmetOptions): {
  set: [string, string][];
  removed: string[];
} {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      set.set(name, String(value));
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.push(name);
    },
  };
  const request = new Proxy(
    {},
    {
      get(_target, key) {
        throw new Error(`helmet read the request (${String(key)}); its headers are not fixed`);
      },
    },
  );
  let called = false;
  helmet(options)(request as Request, recorder as unknown as Response, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('helmet failed', { cause: err });
    called = true;
  });
  if (!called) throw new Error('helmet did not finish synchronously');
  return { set: [...set], removed };
}

/** Where the per-response nonce goes in the policy text. */
const NONCE = '{nonce}';

/**
 * 128-bit CSP nonces (base64) cut from a buffer filled by the CSPRNG 256 nonces at a time: one
 * system call per 256 responses instead of one per response. Each nonce is used once.
 */
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let offset = pool.length;
function nextNonce(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString('base64', offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
