import { describe, expect, it } from 'vitest';
import type { Props } from '../../../../web/pages/Search/Index.tsx';
import { useApiTestServer } from '../test-support/api-server.ts';
import { DRIVERS } from '../test-support/racing-world.ts';

/** /search over HTTP against the racing world: the server-rendered results of the search box. */
const api = useApiTestServer();

async function search(path: string): Promise<Props> {
  const res = await api.client.visit(path);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(res.page().component).toBe('Search/Index');
  return res.page().props as unknown as Props;
}

describe('GET /search', () => {
  it('finds drivers and series by name', async () => {
    const drivers = await search('/search?q=fisch');
    expect(drivers.searched).toBe(true);
    expect(drivers.drivers.map((d) => d.name).sort()).toEqual(
      DRIVERS.filter((d) => d.displayName.endsWith(' Fischer'))
        .map((d) => d.displayName)
        .sort(),
    );
    expect(drivers.drivers[0]!.licences.length).toBeGreaterThan(0);
    const series = await search('/search?q=fanatec');
    expect(series.series.map((s) => s.name)).toEqual(['Global Fanatec Challenge']);
    expect(series.drivers).toEqual([]);
  });

  it('renders the results in the HTML of a full page load (the search form without JavaScript)', async () => {
    const res = await api.client.get('/search?q=lena+fischer');
    expect(res.status).toBe(200);
    const props = res.page().props as unknown as Props;
    expect(props.q).toBe('lena fischer');
    expect(props.drivers[0]!.name).toBe('Lena Fischer');
  });

  it.each([
    ['/search', ''],
    ['/search?q=', ''],
    ['/search?q=l', 'l'],
    ['/search?q=%20%20', ''],
    ['/search?q=a&q=b', ''],
  ])('searches nothing for %s', async (path, q) => {
    const props = await search(path);
    expect(props).toMatchObject({ q, searched: false, drivers: [], series: [] });
  });

  it('keeps at most 100 characters and finds nothing for unknown text', async () => {
    const props = await search(`/search?q=${'z'.repeat(300)}`);
    expect(props.q).toHaveLength(100);
    expect(props).toMatchObject({ searched: true, drivers: [], series: [] });
  });
});
