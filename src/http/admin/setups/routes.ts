import type { Area } from '../../routing/types.ts';
import { adminRoute } from '../route.ts';
import { destroyAdminSetup, storeAdminSetup, updateAdminSetup } from './mutations.ts';
import { editAdminSetup, listAdminSetups, showCreateSetup } from './pages.ts';

/** Setups in the admin area: list, create (with the file), edit, delete (docs/community.md). */
export const adminSetupsArea: Area = {
  name: 'admin/setups',
  routes: [
    adminRoute({
      name: 'admin.setups',
      path: '/admin/setups',
      page: 'Admin/Setups/Index',
      handler: listAdminSetups,
    }),
    adminRoute({
      name: 'admin.setups.create',
      path: '/admin/setups/create',
      page: 'Admin/Setups/Create',
      handler: showCreateSetup,
    }),
    adminRoute({
      name: 'admin.setups.store',
      method: 'POST',
      path: '/admin/setups/create',
      handler: storeAdminSetup,
    }),
    adminRoute({
      name: 'admin.setups.edit',
      path: '/admin/setups/{id}',
      page: 'Admin/Setups/Edit',
      handler: editAdminSetup,
    }),
    adminRoute({
      name: 'admin.setups.update',
      method: 'PATCH',
      path: '/admin/setups/{id}',
      handler: updateAdminSetup,
    }),
    adminRoute({
      name: 'admin.setups.destroy',
      method: 'DELETE',
      path: '/admin/setups/{id}',
      handler: destroyAdminSetup,
    }),
  ],
};
