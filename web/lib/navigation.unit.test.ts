import { describe, expect, it } from 'vitest';
import { adminNav, linkState, pathOf, publicNav } from './navigation.ts';

describe('navigation', () => {
  it('lists every public area of the spec and every admin section', () => {
    expect(publicNav.map((i) => i.label)).toEqual([
      'Drivers',
      'Series',
      'World records',
      'iRating stats',
      'Teams',
      'Pros',
      'Setups',
      'Gear',
      'Recruitment',
      'News',
    ]);
    expect(adminNav.map((i) => i.label)).toEqual([
      'Dashboard',
      'Users',
      'Articles',
      'Setups',
      'Teams',
      'Gear',
      'Pros',
      'Sessions',
    ]);
    const testIds = [...publicNav, ...adminNav].map((i) => i.testId);
    expect(new Set(testIds).size).toBe(testIds.length);
  });

  it('takes the path of a page url', () => {
    expect(pathOf('/drivers?page=2#top')).toBe('/drivers');
    expect(pathOf('/drivers/')).toBe('/drivers');
    expect(pathOf('/')).toBe('/');
    expect(pathOf('/?q=x')).toBe('/');
  });

  it('marks the page itself, a page inside the section, or nothing', () => {
    expect(linkState('/drivers', '/drivers')).toBe('page');
    expect(linkState('/drivers/42/compare?x=1', '/drivers')).toBe('section');
    expect(linkState('/driversx', '/drivers')).toBeNull();
    expect(linkState('/news/some-article', '/')).toBeNull();
    expect(linkState('/admin/users', '/admin', { sectionRoot: true })).toBeNull();
    expect(linkState('/admin', '/admin', { sectionRoot: true })).toBe('page');
  });
});
