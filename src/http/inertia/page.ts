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
  only: string[];
  /** X-Inertia-Partial-Except; wins over `only`. */
  except: string[];
  /** X-Inertia-Reset: merge props the client must replace rather than merge. */
  reset: string[];
  /** X-Inertia-Except-Once-Props: once-prop keys the client already holds. */
  exceptOnce: string[];
}

export const emptyPageRequest: PageRequest = {
  partialComponent: null,
  only: [],
  except: [],
  reset: [],
  exceptOnce: [],
};

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
