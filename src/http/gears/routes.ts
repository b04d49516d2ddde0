import type { Area, RouteDef } from '../routing/types.ts';
import { listGearOfTypeApi, listGearTypesApi } from './api.ts';
import { gearOfTypeOperation, gearTypesOperation } from './openapi.ts';
import { listGearOfTypePage, listGearTypesPage } from './pages.ts';

/** Gear: the public pages (server-rendered) and the JSON API. */
const get = (def: Omit<RouteDef, 'method' | 'auth'>): RouteDef => ({
  method: 'GET',
  auth: 'public',
  ...def,
});

export const gearsArea: Area = {
  name: 'gears',
  routes: [
    get({
      name: 'gears.index',
      path: '/gears',
      ssr: true,
      page: 'Gears/Index',
      handler: listGearTypesPage,
    }),
    get({
      name: 'gears.types.index',
      path: '/gears/{type}',
      ssr: true,
      page: 'Gears/Type',
      handler: listGearOfTypePage,
    }),
    get({ name: 'api.gears', path: '/api/gears', ssr: false, handler: listGearTypesApi }),
    get({
      name: 'api.gears.type',
      path: '/api/gears/{type}',
      ssr: false,
      handler: listGearOfTypeApi,
    }),
  ],
  operations: [gearTypesOperation, gearOfTypeOperation],
};
