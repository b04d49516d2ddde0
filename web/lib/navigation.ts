import { route } from '../generated/routes.ts';

/**
 * Navigation entries of the layouts and the rule for marking the active one. Hrefs come from
 * the generated route table, so a renamed or removed route fails the typecheck here.
 * `testId` becomes the link's `data-test` attribute (`nav-<testId>`).
 */

export interface NavItem {
  label: string;
  href: string;
  testId: string;
}

/** Every public area of the spec (§1, §2), in header order. */
export const publicNav: readonly NavItem[] = [
  { label: 'Drivers', href: route('drivers'), testId: 'drivers' },
  { label: 'Series', href: route('series'), testId: 'series' },
  { label: 'World records', href: route('world_records'), testId: 'world-records' },
  { label: 'iRating stats', href: route('stats.irating'), testId: 'irating-stats' },
  { label: 'Teams', href: route('teams.index'), testId: 'teams' },
  { label: 'Pros', href: route('pros.index'), testId: 'pros' },
  { label: 'Setups', href: route('setups'), testId: 'setups' },
  { label: 'Gear', href: route('gears.index'), testId: 'gear' },
  { label: 'Recruitment', href: route('recruitment.drivers'), testId: 'recruitment' },
  { label: 'News', href: route('news.index'), testId: 'news' },
];

export const footerNav: readonly NavItem[] = [
  { label: 'Changelog', href: route('changelog'), testId: 'changelog' },
  { label: 'Privacy policy', href: route('privacy'), testId: 'privacy' },
  { label: 'Terms of service', href: route('terms'), testId: 'terms' },
];

export const adminNav: readonly NavItem[] = [
  { label: 'Dashboard', href: route('admin.dashboard'), testId: 'admin-dashboard' },
  { label: 'Users', href: route('admin.users'), testId: 'admin-users' },
  { label: 'Articles', href: route('admin.articles'), testId: 'admin-articles' },
  { label: 'Setups', href: route('admin.setups'), testId: 'admin-setups' },
  { label: 'Teams', href: route('admin.teams'), testId: 'admin-teams' },
  { label: 'Gear', href: route('admin.gears'), testId: 'admin-gear' },
  { label: 'Pros', href: route('admin.pros'), testId: 'admin-pros' },
  { label: 'Sessions', href: route('admin.sessions'), testId: 'admin-sessions' },
];

export const accountPaths = {
  login: route('auth.login'),
  register: route('auth.register'),
  logout: route('auth.logout'),
  settings: route('settings'),
  /** There is no favorites page in the spec; favorites are listed on the settings page. */
  favorites: `${route('settings')}#favorites`,
  admin: route('admin.dashboard'),
  search: route('search'),
  home: route('index'),
  favoritesStore: route('favorites.store'),
  favoritesDestroy: route('favorites.destroy'),
};

/** The path of an Inertia page url (`/drivers?page=2#x` → `/drivers`), without a trailing slash. */
export function pathOf(url: string): string {
  const path = url.replace(/[?#].*$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path || '/';
}

/**
 * How a nav link relates to the current path: the page itself (`aria-current="page"`), a page
 * inside its section (`/drivers/42` under `/drivers`: `aria-current="true"`), or neither.
 * `sectionRoot` links (like `/admin`) only ever match exactly, so they don't light up for
 * every page below them.
 */
export function linkState(
  currentPath: string,
  href: string,
  options: { sectionRoot?: boolean } = {},
): 'page' | 'section' | null {
  const target = pathOf(href);
  const current = pathOf(currentPath);
  if (current === target) return 'page';
  if (options.sectionRoot || target === '/') return null;
  return current.startsWith(`${target}/`) ? 'section' : null;
}
