import { describe, expect, it } from 'vitest';
import { route, routeTable } from '../generated/routes.ts';
import { buildUrl } from './route-url.ts';

describe('route(name, params, query)', () => {
  it('builds a path with its parameters', () => {
    expect(route('drivers.show', { id: 42 })).toBe('/drivers/42');
    expect(route('api.subsessions.results', { id: 7, type: 'race' })).toBe(
      '/api/subsessions/7/results/race',
    );
    expect(route('index')).toBe('/');
  });

  it('encodes parameters and appends the query (arrays repeat, null/undefined dropped)', () => {
    expect(route('news.show', { slug: 'a b/c' })).toBe('/news/a%20b%2Fc');
    expect(
      route('drivers', {}, { q: 'max v', page: 2, tags: ['a', 'b'], none: null, skip: undefined }),
    ).toBe('/drivers?q=max+v&page=2&tags=a&tags=b');
  });

  it('throws on an unknown route name', () => {
    expect(() => buildUrl(routeTable, 'drivers.nope')).toThrow(
      'Unknown route name: "drivers.nope"',
    );
    // @ts-expect-error an unknown name does not type-check either
    expect(() => route('no.such.route')).toThrow(/Unknown route name/);
    expect(() => buildUrl(routeTable, 'toString')).toThrow(/Unknown route name/);
  });

  it('throws on a missing parameter', () => {
    // @ts-expect-error a missing parameter does not type-check either
    expect(() => route('drivers.show', {})).toThrow(
      'Missing parameter "id" for route "drivers.show" (/drivers/{id})',
    );
    expect(() => buildUrl(routeTable, 'drivers.show', { id: '' })).toThrow(
      /Missing parameter "id"/,
    );
  });

  it('throws on a parameter the route does not have', () => {
    expect(() => buildUrl(routeTable, 'drivers', { id: 1 })).toThrow(
      'Route "drivers" (/drivers) has no parameter "id"',
    );
  });

  it('knows each route method', () => {
    expect(routeTable['admin.articles.publish']).toEqual({
      method: 'PATCH',
      path: '/admin/articles/{id}/publish',
      params: ['id'],
    });
  });
});
