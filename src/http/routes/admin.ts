import { showAdminUsers } from '../controllers/accounts/admin.ts';
import {
  publishAdminArticle,
  storeAdminArticle,
  unpublishAdminArticle,
  updateAdminArticle,
} from '../controllers/admin/articles/mutations.ts';
import {
  editAdminArticle,
  listAdminArticles,
  showCreateArticle,
} from '../controllers/admin/articles/pages.ts';
import { showAdminDashboard } from '../controllers/admin/dashboard/page.ts';
import { replayAdminSession } from '../controllers/admin/sessions/mutations.ts';
import { listAdminSessions } from '../controllers/admin/sessions/pages.ts';
import { comingSoonRoute } from './coming-soon.ts';
import type { RouteDef } from './types.ts';

/** The admin area: every page client-only (ssr false), every route admin-only. */
const admin = (
  def: Omit<RouteDef, 'method' | 'auth' | 'ssr'> & { method?: RouteDef['method'] },
): RouteDef => ({ method: 'GET', auth: 'admin', ssr: false, ...def });

const soon = (def: Parameters<typeof comingSoonRoute>[1]) =>
  comingSoonRoute('Admin', { auth: 'admin', ssr: false, ...def });

const managed = [
  ['setups', 'Setups'],
  ['teams', 'Teams'],
  ['gears', 'Gear'],
  ['pros', 'Pros'],
] as const;

export const adminRoutes: RouteDef[] = [
  admin({
    name: 'admin.dashboard',
    path: '/admin',
    page: 'Admin/Dashboard',
    handler: showAdminDashboard,
  }),
  {
    name: 'admin.users',
    method: 'GET',
    path: '/admin/users',
    auth: 'admin',
    ssr: false,
    page: 'Admin/Users/Index',
    handler: showAdminUsers,
  },
  ...managed.flatMap(([segment, label]) => [
    soon({ name: `admin.${segment}`, path: `/admin/${segment}`, title: label }),
    soon({
      name: `admin.${segment}.create`,
      path: `/admin/${segment}/create`,
      title: `New ${label.toLowerCase()}`,
    }),
    soon({
      name: `admin.${segment}.store`,
      method: 'POST',
      path: `/admin/${segment}/create`,
      title: `Create ${label.toLowerCase()}`,
    }),
  ]),
  // Articles (create, list, edit, publish/unpublish) and session replays: the admin slices
  // with a back end (docs/admin.md).
  admin({
    name: 'admin.articles',
    path: '/admin/articles',
    page: 'Admin/Articles/Index',
    handler: listAdminArticles,
  }),
  admin({
    name: 'admin.articles.create',
    path: '/admin/articles/create',
    page: 'Admin/Articles/Create',
    handler: showCreateArticle,
  }),
  admin({
    name: 'admin.articles.store',
    method: 'POST',
    path: '/admin/articles',
    handler: storeAdminArticle,
  }),
  admin({
    name: 'admin.articles.edit',
    path: '/admin/articles/{id}',
    page: 'Admin/Articles/Edit',
    handler: editAdminArticle,
  }),
  admin({
    name: 'admin.articles.update',
    method: 'PATCH',
    path: '/admin/articles/{id}',
    handler: updateAdminArticle,
  }),
  admin({
    name: 'admin.articles.publish',
    method: 'PATCH',
    path: '/admin/articles/{id}/publish',
    handler: publishAdminArticle,
  }),
  admin({
    name: 'admin.articles.unpublish',
    method: 'DELETE',
    path: '/admin/articles/{id}/publish',
    handler: unpublishAdminArticle,
  }),
  admin({
    name: 'admin.sessions',
    path: '/admin/sessions',
    page: 'Admin/Sessions/Index',
    handler: listAdminSessions,
  }),
  admin({
    name: 'admin.sessions.replay',
    method: 'POST',
    path: '/admin/sessions/replay',
    handler: replayAdminSession,
  }),
];
