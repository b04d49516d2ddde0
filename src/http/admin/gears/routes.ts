import type { Area } from '../../routing/types.ts';
import { adminRoute } from '../route.ts';
import { destroyAdminGear, storeAdminGear, updateAdminGear } from './mutations.ts';
import { editAdminGear, listAdminGear, showCreateGear } from './pages.ts';

/** Gear in the admin area: list, create, edit, delete (docs/community.md). */
export const adminGearsArea: Area = {
  name: 'admin/gears',
  routes: [
    adminRoute({
      name: 'admin.gears',
      path: '/admin/gears',
      page: 'Admin/Gears/Index',
      handler: listAdminGear,
    }),
    adminRoute({
      name: 'admin.gears.create',
      path: '/admin/gears/create',
      page: 'Admin/Gears/Create',
      handler: showCreateGear,
    }),
    adminRoute({
      name: 'admin.gears.store',
      method: 'POST',
      path: '/admin/gears/create',
      handler: storeAdminGear,
    }),
    adminRoute({
      name: 'admin.gears.edit',
      path: '/admin/gears/{id}',
      page: 'Admin/Gears/Edit',
      handler: editAdminGear,
    }),
    adminRoute({
      name: 'admin.gears.update',
      method: 'PATCH',
      path: '/admin/gears/{id}',
      handler: updateAdminGear,
    }),
    adminRoute({
      name: 'admin.gears.destroy',
      method: 'DELETE',
      path: '/admin/gears/{id}',
      handler: destroyAdminGear,
    }),
  ],
};
