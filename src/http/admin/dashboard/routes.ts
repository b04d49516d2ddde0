import type { Area } from '../../routing/types.ts';
import { adminRoute } from '../route.ts';
import { showAdminDashboard } from './page.ts';

/** `/admin`: the dashboard. */
export const adminDashboardArea: Area = {
  name: 'admin/dashboard',
  routes: [
    adminRoute({
      name: 'admin.dashboard',
      path: '/admin',
      page: 'Admin/Dashboard',
      handler: showAdminDashboard,
    }),
  ],
};
