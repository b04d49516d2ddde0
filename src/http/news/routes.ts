import { listArticlesApi } from './api.ts';
import {
  listNews,
  showChangelog,
  showHome,
  showNews,
  showPrivacyPolicy,
  showTerms,
} from './pages.ts';
import type { Area, RouteDef } from '../routing/types.ts';
import { articlesOperation } from './openapi.ts';

/** Home, news and the site's own pages. All public and server-rendered. */
const page = (def: Omit<RouteDef, 'method' | 'auth' | 'ssr'>): RouteDef => ({
  method: 'GET',
  auth: 'public',
  ssr: true,
  ...def,
});

export const newsArea: Area = {
  name: 'news',
  routes: [
    page({ name: 'index', path: '/', page: 'Home/Index', handler: showHome }),
    page({ name: 'news.index', path: '/news', page: 'News/Index', handler: listNews }),
    page({ name: 'news.show', path: '/news/{slug}', page: 'News/Show', handler: showNews }),
    page({
      name: 'changelog',
      path: '/changelog',
      page: 'Content/Changelog',
      handler: showChangelog,
    }),
    page({
      name: 'privacy',
      path: '/privacy-policy',
      page: 'Content/Privacy',
      handler: showPrivacyPolicy,
    }),
    page({ name: 'terms', path: '/terms-of-service', page: 'Content/Terms', handler: showTerms }),
    page({ name: 'api.articles', path: '/api/articles', handler: listArticlesApi }),
  ],
  operations: [articlesOperation],
};
