/** The Inertia v3 page object, as the server sends it (JSON visits and the first HTML visit). */
export interface PageObject {
  component: string;
  props: Record<string, unknown> & { errors: Record<string, unknown> };
  /** Path + query exactly as requested (trailing slash kept). */
  url: string;
  version: string | null;
  clearHistory?: true;
  encryptHistory?: true;
  deferredProps?: Record<string, string[]>;
  mergeProps?: string[];
  prependProps?: string[];
  deepMergeProps?: string[];
  matchPropsOn?: string[];
  onceProps?: Record<string, { prop: string; expiresAt: number | null }>;
  rescuedProps: string[];
  sharedProps?: string[];
  flash?: Record<string, unknown>;
}

/** What the request asks of the page, read from the X-Inertia-* headers. */
export interface PageRequest {
  /** X-Inertia-Partial-Component; a partial reload applies only when it equals the component. */
  partialComponent: string | null;
  /** X-Inertia-Partial-Data (the client sends only ∪ reset); dot paths allowed. */
  only: readonly string[];
  /** X-Inertia-Partial-Except; wins over `only`. */
  except: readonly string[];
  /** X-Inertia-Reset: merge props the client must replace rather than merge. */
  reset: readonly string[];
  /** X-Inertia-Except-Once-Props: once-prop keys the client already holds. */
  exceptOnce: readonly string[];
}

/** The request of a standard visit (no partial reload, nothing held); shared, never changed. */
export const emptyPageRequest: PageRequest = Object.freeze({
  partialComponent: null,
  only: Object.freeze([]),
  except: Object.freeze([]),
  reset: Object.freeze([]),
  exceptOnce: Object.freeze([]),
});

function list(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Reads the Inertia request headers (lower-cased names, as node gives them). */
export function readPageRequest(
  headers: Record<string, string | string[] | undefined>,
): PageRequest {
  if (
    headers['x-inertia-partial-component'] === undefined &&
    headers['x-inertia-partial-data'] === undefined &&
    headers['x-inertia-partial-except'] === undefined &&
    headers['x-inertia-reset'] === undefined &&
    headers['x-inertia-except-once-props'] === undefined
  ) {
    return emptyPageRequest; // a standard visit (most): nothing to read
  }
  const one = (name: string): string | undefined => {
    const v = headers[name];
    return Array.isArray(v) ? v.join(',') : v;
  };
  return {
    partialComponent: one('x-inertia-partial-component') ?? null,
    only: list(one('x-inertia-partial-data')),
    except: list(one('x-inertia-partial-except')),
    reset: list(one('x-inertia-reset')),
    exceptOnce: list(one('x-inertia-except-once-props')),
  };
}
