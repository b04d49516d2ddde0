/**
 * URL building for the generated route table (web/generated/routes.ts). Kept hand-written and
 * separate so it is unit-tested once, whatever the table holds.
 */
export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Spec syntax: `/drivers/{id}`. */
  path: string;
  params: readonly string[];
}

type QueryScalar = string | number | boolean;
/** Query values: null/undefined are left out, arrays repeat the key (`a=1&a=2`). */
export type Query = Record<string, QueryScalar | null | undefined | readonly QueryScalar[]>;

export function buildUrl(
  table: Readonly<Record<string, RouteEntry>>,
  name: string,
  params: Readonly<Record<string, string | number>> = {},
  query: Query = {},
): string {
  const entry = Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
  if (!entry) throw new Error(`Unknown route name: "${name}"`);
  for (const key of Object.keys(params)) {
    if (!entry.params.includes(key)) {
      throw new Error(`Route "${name}" (${entry.path}) has no parameter "${key}"`);
    }
  }
  const path = entry.path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, key: string) => {
    const value = params[key];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing parameter "${key}" for route "${name}" (${entry.path})`);
    }
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value))
      for (const v of value as readonly QueryScalar[]) search.append(key, String(v));
    else search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
