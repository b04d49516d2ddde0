import type { Area } from '../../routing/types.ts';
import { showSearch } from './page.ts';

/** Site search: drivers and series by name, the page the header search box submits to. */
export const searchArea: Area = {
  name: 'racing/search',
  routes: [
    {
      name: 'search',
      method: 'GET',
      path: '/search',
      auth: 'public',
      ssr: true,
      page: 'Search/Index',
      handler: showSearch,
    },
  ],
};
