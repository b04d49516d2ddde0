import type { Area } from '../../routing/types.ts';
import { adminRoute } from '../route.ts';
import { replayAdminSession } from './mutations.ts';
import { listAdminSessions } from './pages.ts';

/** Session replays in the admin area: the runs and the "Replay a session" form. */
export const adminSessionsArea: Area = {
  name: 'admin/sessions',
  routes: [
    adminRoute({
      name: 'admin.sessions',
      path: '/admin/sessions',
      page: 'Admin/Sessions/Index',
      handler: listAdminSessions,
    }),
    adminRoute({
      name: 'admin.sessions.replay',
      method: 'POST',
      path: '/admin/sessions/replay',
      handler: replayAdminSession,
    }),
  ],
};
