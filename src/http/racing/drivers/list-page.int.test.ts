import { describe, expect, it } from 'vitest';
import type { Props } from '../../../../web/pages/Drivers/Index.tsx';
import { useApiTestServer } from '../test-support/api-server.ts';
import { DRIVERS } from '../test-support/racing-world.ts';

/** /drivers over HTTP (Inertia visits) against the racing world. */
const api = useApiTestServer();

async function list(path: string): Promise<Props> {
  const res = await api.client.visit(path);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  const page = res.page();
  expect(page.component).toBe('Drivers/Index');
  return page.props as unknown as Props;
}

describe('GET /drivers', () => {
  it('lists sports car drivers by iRating, highest first, with the default filters', async () => {
    const props = await list('/drivers');
    expect(props.filters).toEqual({
      category: 'sports_car',
      sort: 'irating',
      direction: 'desc',
      licenceClass: null,
      q: '',
    });
    expect(props.searching).toBe(false);
    expect(props.drivers).toHaveLength(DRIVERS.length);
    const ratings = props.drivers.map((d) => d.irating!);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(props.drivers.every((d) => d.isFavorite === false)).toBe(true);
    expect(props.nextCursor).toBeNull();
    expect(props.isFirstPage).toBe(true);
  });

  it('sorts by name either way and by starts', async () => {
    const az = await list('/drivers?sort=name');
    const names = az.drivers.map((d) => d.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const za = await list('/drivers?sort=name&direction=desc');
    expect(za.drivers.map((d) => d.name.toLowerCase())).toEqual([...names].reverse());
    expect(za.filters).toMatchObject({ sort: 'name', direction: 'desc' });
    const starts = (await list('/drivers?sort=starts')).drivers.map((d) => d.starts!);
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
  });

  it('filters by category and licence class', async () => {
    const oval = await list('/drivers?category=oval');
    expect(oval.drivers.map((d) => d.id).sort()).toEqual(
      DRIVERS.filter((d) => d.ovalIrating !== null)
        .map((d) => d.custId)
        .sort(),
    );
    const all = await list('/drivers');
    const someClass = all.drivers[0]!.licenceClass!;
    const only = await list(`/drivers?licenceClass=${someClass}`);
    expect(only.drivers.length).toBeGreaterThan(0);
    expect(only.drivers.every((d) => d.licenceClass === someClass)).toBe(true);
    expect(only.drivers.length).toBe(
      all.drivers.filter((d) => d.licenceClass === someClass).length,
    );
  });

  it('searches by name with q, best match first', async () => {
    const props = await list('/drivers?q=lena%20fischer');
    expect(props.searching).toBe(true);
    expect(props.drivers[0]!.name).toBe('Lena Fischer');
    expect(props.nextCursor).toBeNull();
    const none = await list('/drivers?q=zzzz');
    expect(none.drivers).toEqual([]);
  });

  it('pages with the keyset cursor of the list', async () => {
    // The world has fewer drivers than a page: ask the API for a cursor of the same list.
    const res = await api.client.get('/api/drivers?limit=5');
    const cursor = res.json<{ meta: { nextCursor: string } }>().meta.nextCursor;
    const props = await list(`/drivers?cursor=${cursor}`);
    expect(props.isFirstPage).toBe(false);
    const all = await list('/drivers');
    expect(props.drivers.map((d) => d.id)).toEqual(all.drivers.slice(5).map((d) => d.id));
  });

  it.each([
    ['/drivers?sort=rating', '/drivers'],
    ['/drivers?category=karting&sort=name', '/drivers?sort=name'],
    ['/drivers?licenceClass=X&category=oval', '/drivers?category=oval'],
    ['/drivers?direction=up', '/drivers'],
    ['/drivers?cursor=$$', '/drivers'],
    ['/drivers?cursor=bm90LWEtY3Vyc29y&sort=wins', '/drivers?sort=wins'],
    ['/drivers?sort=name&sort=wins', '/drivers'],
  ])('redirects %s to %s', async (path, canonical) => {
    const res = await api.client.get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(canonical);
  });
});
