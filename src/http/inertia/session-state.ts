import type { Request } from 'express';
import { openSession, type RequestSession } from '../session/session.ts';

/** What the adapter keeps in the session between a mutation and the page that follows it. */
export interface InertiaSessionState {
  /** Validation errors of the last mutation, shown once on the next rendered page. */
  errors?: Record<string, string>;
  /** The X-Inertia-Error-Bag of the request that failed validation. */
  errorBag?: string;
  /** Flash data for the next rendered page (`page.flash` and the shared `flash` prop). */
  flash?: Record<string, unknown>;
  /** Set by `clearHistory()`; the next rendered page carries `clearHistory: true`. */
  clearHistory?: true;
}

declare module 'express-session' {
  interface SessionData {
    inertia?: InertiaSessionState;
  }
}

type MaybeSession = RequestSession | undefined;

/**
 * Adds to the state carried to the next rendered page, in the request's session (created now
 * if the visitor has none: `openSession`). A no-op where there is no session support.
 */
export function stash(req: Request, patch: InertiaSessionState): void {
  const session = openSession(req);
  if (!session) return;
  const current = session.inertia ?? {};
  session.inertia = {
    ...current,
    ...patch,
    ...(patch.flash ? { flash: { ...current.flash, ...patch.flash } } : {}),
  };
}

/** Nothing carried (shared, never changed). */
const NOTHING: Readonly<InertiaSessionState> = Object.freeze({});

/**
 * Takes the carried state for the page being rendered now. Consumed only by a rendered page
 * (never by a redirect or a 409), so flash and errors survive until someone sees them.
 */
export function takeStash(session: MaybeSession): InertiaSessionState {
  if (!session?.inertia) return NOTHING;
  const state = session.inertia;
  delete session.inertia;
  return state;
}

/**
 * Reads the carried state without consuming it: a prefetch (`Purpose: prefetch`) renders a page
 * the user may never see, so it must not use up one-shot flash data and validation errors.
 */
export function peekStash(session: MaybeSession): InertiaSessionState {
  return session?.inertia ?? NOTHING;
}
