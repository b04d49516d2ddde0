import { describe, expect, it } from 'vitest';
import { renderPage, tagWith } from '../../layouts/render-for-test.tsx';
import { formatIrating } from '../../lib/racing-format.ts';
import { DataTable, type Column } from '../DataTable.tsx';
import { BarChart } from './BarChart.tsx';
import { CategoryChart } from './CategoryChart.tsx';
import { TimeSeriesChart } from './TimeSeriesChart.tsx';

const show = (Component: () => React.ReactNode) =>
  renderPage({ component: 'Test/Show', Component, url: '/test', user: null });

describe('charts on the server', () => {
  it('reserve their height, carry data-chart and describe themselves, without drawing', async () => {
    const html = await show(() => (
      <TimeSeriesChart
        name="irating-history"
        title="iRating over time"
        valueName="iRating"
        format={formatIrating}
        height={320}
        series={[
          {
            name: 'Ana Silva',
            at: [
              Date.parse('2026-01-05T19:00:00Z'),
              Date.parse('2026-01-20T19:00:00Z'),
              Date.parse('2026-02-05T19:00:00Z'),
            ],
            // A null value is no point: not in the summary's range or count.
            values: [1350, null, 2345],
            href: (i) => `/subsessions/${i + 1}`,
          },
        ]}
      />
    ));
    const figure = html.slice(html.indexOf('<figure'));
    expect(figure).toMatch(/^<figure[^>]*data-chart="irating-history"/);
    expect(figure).toMatch(/data-chart-state="pending"/);
    expect(figure).toContain('style="height:320px"');
    expect(figure).toContain('role="img"');
    expect(figure).toContain('Ana Silva: 1,350 to 2,345 over 2 points');
    // The numbers are offered, and built only when opened.
    expect(figure).toContain('Show the numbers as a table');
    expect(figure).not.toContain('<table');
    expect(html).not.toContain('<canvas');
  });

  it('bar charts name their largest bar for screen readers', async () => {
    const html = await show(() => (
      <BarChart
        name="irating-distribution"
        title="Drivers per iRating"
        categoryName="iRating"
        valueName="Drivers"
        format={formatIrating}
        bars={[
          { label: '1,000', value: 1200 },
          { label: '1,100', value: 5400 },
        ]}
      />
    ));
    expect(html).toContain('data-chart="irating-distribution"');
    expect(html).toContain('the largest 1,100 with 5,400');
  });

  it('category charts reserve their height and name their series and categories', async () => {
    const html = await show(() => (
      <CategoryChart
        name="series-participation"
        title="Starts and drivers per week"
        categoryName="Week"
        valueName="Drivers"
        height={260}
        categories={['1', '2', '3']}
        series={[
          { name: 'Starts', values: [24, 30, null] },
          { name: 'Drivers', values: [20, 22, 18], kind: 'line' },
        ]}
        format={formatIrating}
      />
    ));
    const figure = html.slice(html.indexOf('<figure'));
    expect(figure).toMatch(/^<figure[^>]*data-chart="series-participation"/);
    expect(figure).toContain('style="height:260px"');
    expect(figure).toContain('Starts, Drivers per week, over 3 values.');
    expect(html).not.toContain('<canvas');
  });
});

type Row = { id: number; name: string; irating: number | null };
const columns: Column<Row>[] = [
  { key: 'name', header: 'Driver', sortable: true, value: (r) => r.name, cell: (r) => r.name },
  {
    key: 'irating',
    header: 'iRating',
    numeric: true,
    sortable: true,
    value: (r) => r.irating,
    cell: (r) => formatIrating(r.irating),
  },
];
const rows: Row[] = [
  { id: 1, name: 'Cleo', irating: 1800 },
  { id: 2, name: 'ada', irating: null },
  { id: 3, name: 'Bruno', irating: 3100 },
];

describe('DataTable sorting its own rows (TanStack Table)', () => {
  const order = (html: string) => [...html.matchAll(/data-test="row-(\d)"/g)].map((m) => m[1]);

  it('sorts numbers as numbers, unknown values last, and text case-insensitively', async () => {
    const byRating = await show(() => (
      <DataTable<Row>
        caption="Drivers"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        rowTestId={(r) => `row-${r.id}`}
        clientSort
        sort={{ key: 'irating', direction: 'desc' }}
      />
    ));
    expect(order(byRating)).toEqual(['3', '1', '2']);
    expect(tagWith(byRating, 'sort-irating')).toMatch(/^<button/);
    const byName = await show(() => (
      <DataTable<Row>
        caption="Drivers"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        rowTestId={(r) => `row-${r.id}`}
        clientSort
        sort={{ key: 'name', direction: 'asc' }}
      />
    ));
    expect(order(byName)).toEqual(['2', '3', '1']);
  });

  it('shows server-sorted rows in the order given', async () => {
    const html = await show(() => (
      <DataTable<Row>
        caption="Drivers"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        rowTestId={(r) => `row-${r.id}`}
        sort={{ key: 'irating', direction: 'desc' }}
        sortHref={(next) => `/drivers?sort=${next.key}`}
      />
    ));
    expect(order(html)).toEqual(['1', '2', '3']);
  });
});
