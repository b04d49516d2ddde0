import type { Area } from '../../routing/types.ts';
import { adminRoute } from '../route.ts';
import {
  publishAdminArticle,
  storeAdminArticle,
  unpublishAdminArticle,
  updateAdminArticle,
} from './mutations.ts';
import { editAdminArticle, listAdminArticles, showCreateArticle } from './pages.ts';

/** Articles in the admin area: create, list, edit, publish/unpublish (docs/admin.md). */
export const adminArticlesArea: Area = {
  name: 'admin/articles',
  routes: [
    adminRoute({
      name: 'admin.articles',
      path: '/admin/articles',
      page: 'Admin/Articles/Index',
      handler: listAdminArticles,
    }),
    adminRoute({
      name: 'admin.articles.create',
      path: '/admin/articles/create',
      page: 'Admin/Articles/Create',
      handler: showCreateArticle,
    }),
    adminRoute({
      name: 'admin.articles.store',
      method: 'POST',
      path: '/admin/articles',
      handler: storeAdminArticle,
    }),
    adminRoute({
      name: 'admin.articles.edit',
      path: '/admin/articles/{id}',
      page: 'Admin/Articles/Edit',
      handler: editAdminArticle,
    }),
    adminRoute({
      name: 'admin.articles.update',
      method: 'PATCH',
      path: '/admin/articles/{id}',
      handler: updateAdminArticle,
    }),
    adminRoute({
      name: 'admin.articles.publish',
      method: 'PATCH',
      path: '/admin/articles/{id}/publish',
      handler: publishAdminArticle,
    }),
    adminRoute({
      name: 'admin.articles.unpublish',
      method: 'DELETE',
      path: '/admin/articles/{id}/publish',
      handler: unpublishAdminArticle,
    }),
  ],
};
