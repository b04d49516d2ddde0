import type { RouteDef } from '../routing/types.ts';

/** An admin route: every page client-only (ssr false), every route admin-only. Default GET. */
export const adminRoute = (
  def: Omit<RouteDef, 'method' | 'auth' | 'ssr'> & { method?: RouteDef['method'] },
): RouteDef => ({ method: 'GET', auth: 'admin', ssr: false, ...def });
