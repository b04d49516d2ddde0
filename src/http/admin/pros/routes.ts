import type { Area } from '../../routing/types.ts';
import { adminRoute } from '../route.ts';
import { destroyAdminPro, storeAdminPro, updateAdminPro } from './mutations.ts';
import { editAdminPro, listAdminPros, showCreatePro } from './pages.ts';

/** Pro drivers in the admin area: list, create, update, delete (docs/community.md). */
export const adminProsArea: Area = {
  name: 'admin/pros',
  routes: [
    adminRoute({
      name: 'admin.pros',
      path: '/admin/pros',
      page: 'Admin/Pros/Index',
      handler: listAdminPros,
    }),
    adminRoute({
      name: 'admin.pros.create',
      path: '/admin/pros/create',
      page: 'Admin/Pros/Create',
      handler: showCreatePro,
    }),
    adminRoute({
      name: 'admin.pros.store',
      method: 'POST',
      path: '/admin/pros/create',
      handler: storeAdminPro,
    }),
    adminRoute({
      name: 'admin.pros.edit',
      path: '/admin/pros/{id}',
      page: 'Admin/Pros/Edit',
      handler: editAdminPro,
    }),
    adminRoute({
      name: 'admin.pros.update',
      method: 'PATCH',
      path: '/admin/pros/{id}',
      handler: updateAdminPro,
    }),
    adminRoute({
      name: 'admin.pros.destroy',
      method: 'DELETE',
      path: '/admin/pros/{id}',
      handler: destroyAdminPro,
    }),
  ],
};
