import type { Area, RouteDef } from '../routing/types.ts';
import { listSetupsApi } from './api.ts';
import { setupsOperation } from './openapi.ts';
import { downloadSetup, listSetupsPage, showSetupPage } from './pages.ts';

/** Setups: the public pages (server-rendered), the file download and the JSON API. */

const get = (def: Omit<RouteDef, 'method' | 'auth'>): RouteDef => ({
  method: 'GET',
  auth: 'public',
  ...def,
});

export const setupsArea: Area = {
  name: 'setups',
  routes: [
    get({
      name: 'setups',
      path: '/setups',
      ssr: true,
      page: 'Setups/Index',
      handler: listSetupsPage,
    }),
    get({
      name: 'setups.show',
      path: '/setups/{id}',
      ssr: true,
      page: 'Setups/Show',
      handler: showSetupPage,
    }),
    get({
      name: 'setups.download',
      path: '/setups/{id}/download',
      ssr: false,
      handler: downloadSetup,
    }),
    get({ name: 'api.setups', path: '/api/setups', ssr: false, handler: listSetupsApi }),
  ],
  operations: [setupsOperation],
};
