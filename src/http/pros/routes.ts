import type { Area, RouteDef } from '../routing/types.ts';
import { listProsApi, showProApi } from './api.ts';
import { proOperation, prosOperation } from './openapi.ts';
import { listProsPage, showProPage } from './pages.ts';

/** Professional drivers: the public pages (server-rendered) and the JSON API. */
const get = (def: Omit<RouteDef, 'method' | 'auth'>): RouteDef => ({
  method: 'GET',
  auth: 'public',
  ...def,
});

export const prosArea: Area = {
  name: 'pros',
  routes: [
    get({
      name: 'pros.index',
      path: '/pros',
      ssr: true,
      page: 'Pros/Index',
      handler: listProsPage,
    }),
    get({
      name: 'pros.show',
      path: '/pros/{id}',
      ssr: true,
      page: 'Pros/Show',
      handler: showProPage,
    }),
    get({ name: 'api.pros', path: '/api/pros', ssr: false, handler: listProsApi }),
    get({ name: 'api.pros.show', path: '/api/pros/{id}', ssr: false, handler: showProApi }),
  ],
  operations: [prosOperation, proOperation],
};
