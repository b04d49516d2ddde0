import { route, type RouteName, type RouteParams } from '../generated/routes.ts';

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

/** A route without path parameters: the only kind a nav link can point at. */
type PlainRouteName = {
  [N in RouteName]: keyof RouteParams<N> extends never ? N : never;
}[RouteName];

/** "World records" → `world-records`. */
function kebab(label: string): string {
  return label.toLowerCase().replace(/\s+/g, '-');
}

/** A nav entry whose `testId` is its label in kebab case unless given. */
function navItem(label: string, name: PlainRouteName, testId = kebab(label)): NavItem {
  return { label, href: route(name), testId };
}

/** An admin section: `testId` is `admin-<label in kebab case>`. */
function adminItem(label: string, name: PlainRouteName): NavItem {
  return navItem(label, name, `admin-${kebab(label)}`);
}

/** Every public area of the spec (§1, §2), in header order. */
export const publicNav: readonly NavItem[] = [
  navItem('Drivers', 'drivers'),
  navItem('Series', 'series'),
  navItem('World records', 'world_records'),
  navItem('iRating stats', 'stats.irating'),
  navItem('Teams', 'teams.index'),
  navItem('Pros', 'pros.index'),
  navItem('Setups', 'setups'),
  navItem('Gear', 'gears.index'),
  navItem('Recruitment', 'recruitment.drivers'),
  navItem('News', 'news.index'),
];

export const footerNav: readonly NavItem[] = [
  navItem('Changelog', 'changelog'),
  navItem('Privacy policy', 'privacy', 'privacy'),
  navItem('Terms of service', 'terms', 'terms'),
];

export const adminNav: readonly NavItem[] = [
  adminItem('Dashboard', 'admin.dashboard'),
  adminItem('Users', 'admin.users'),
  adminItem('Articles', 'admin.articles'),
  adminItem('Setups', 'admin.setups'),
  adminItem('Teams', 'admin.teams'),
  adminItem('Gear', 'admin.gears'),
  adminItem('Pros', 'admin.pros'),
  adminItem('Sessions', 'admin.sessions'),
];

export const accountPaths = {
  login: route('auth.login'),
  register: route('auth.register'),
  logout: route('auth.logout'),
  logoutSubmit: route('auth.logout.submit'),
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
