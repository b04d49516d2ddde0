import { sortFn_basic, sortFn_text } from '@tanstack/react-table';
import fc from 'fast-check';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage, tagWith } from '../layouts/render-for-test.tsx';
import { LicenceBadge } from './Badge.tsx';
import { DataTable, followsSort, nextSort, type Column, type SortState } from './DataTable.tsx';
import { Field } from './Field.tsx';
import { FormSaved } from './FormSaved.tsx';
import { Pagination } from './Pagination.tsx';
import { StarToggle } from './StarToggle.tsx';

const member = { id: 'u1', displayName: 'Max Member', role: 'member' as const };
const show = (Component: () => ReactNode, user: typeof member | null = null) =>
  renderPage({ component: 'Test/Show', Component, url: '/test', user });

type Row = { id: number; name: string; irating: number };
const columns: Column<Row>[] = [
  { key: 'name', header: 'Driver', sortable: true, cell: (r) => r.name },
  { key: 'irating', header: 'iRating', numeric: true, sortable: true, cell: (r) => r.irating },
];

describe('StarToggle', () => {
  it('signed out, links to sign-in instead of toggling', async () => {
    const html = await show(() => <StarToggle driverId={7} initial={false} driverName="Ada" />);
    const tag = tagWith(html, 'favorite-toggle');
    expect(tag).toMatch(/^<a /);
    expect(tag).toContain('href="/auth/login"');
  });

  it('signed in, is a pressed/unpressed button named after the driver', async () => {
    const on = tagWith(
      await show(() => <StarToggle driverId={7} initial driverName="Ada" />, member),
      'favorite-toggle',
    );
    expect(on).toMatch(/^<button /);
    expect(on).toContain('aria-pressed="true"');
    expect(on).toContain('aria-label="Favorite Ada"');
    expect(on).toContain('data-state="on"');
    const off = tagWith(
      await show(() => <StarToggle driverId={7} initial={false} />, member),
      'favorite-toggle',
    );
    expect(off).toContain('aria-pressed="false"');
  });
});

describe('DataTable', () => {
  it('shows the empty state when there are no rows', async () => {
    const html = await show(() => (
      <DataTable<Row>
        caption="Drivers"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        empty="No drivers match."
      />
    ));
    expect(tagWith(html, 'data-table-empty')).toContain('colSpan="2"');
    expect(html).toContain('No drivers match.');
    expect(html).toContain('<caption class="sr-only">Drivers</caption>');
  });

  it('marks the sorted column with aria-sort and links the next sort', async () => {
    const html = await show(() => (
      <DataTable<Row>
        caption="Drivers"
        columns={columns}
        rows={[{ id: 1, name: 'Ada', irating: 5123 }]}
        rowKey={(r) => r.id}
        sort={{ key: 'irating', direction: 'desc' }}
        sortHref={(next) => `/drivers?sort=${next.key}&dir=${next.direction}`}
      />
    ));
    expect(html).toMatch(/<th[^>]*aria-sort="descending"[^>]*>/);
    expect(tagWith(html, 'sort-irating')).toContain('href="/drivers?sort=irating&amp;dir=asc"');
    expect(tagWith(html, 'sort-name')).toContain('href="/drivers?sort=name&amp;dir=asc"');
    expect(html).toMatch(/<td class="[^"]*text-right[^"]*">5123<\/td>/);
  });

  it('starts numeric columns descending and flips an active sort', () => {
    expect(nextSort(null, columns[1] as Column<unknown>)).toEqual({
      key: 'irating',
      direction: 'desc',
    });
    expect(nextSort(null, columns[0] as Column<unknown>)).toEqual({
      key: 'name',
      direction: 'asc',
    });
    expect(nextSort({ key: 'name', direction: 'asc' }, columns[0] as Column<unknown>)).toEqual({
      key: 'name',
      direction: 'desc',
    });
  });
});

describe('forms and badges', () => {
  it('Field ties label, hint and error to the input', async () => {
    const html = await show(() => (
      <Field label="Email" name="email" hint="Used to sign in." error="Enter a valid email." />
    ));
    const input = tagWith(html, 'field-email') ?? '';
    const id = /\sid="([^"]+)"/.exec(input)?.[1];
    expect(html).toContain(`for="${id}"`);
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain(`aria-describedby="${id}-hint ${id}-error"`);
    expect(html).toContain(`id="${id}-error"`);
    expect(html).toContain('Enter a valid email.');
  });

  it('FormSaved keeps its live region and shows text only while recently successful', async () => {
    expect(tagWith(await show(() => <FormSaved show />), 'form-saved')).toContain(
      'data-state="shown"',
    );
    const hidden = await show(() => <FormSaved show={false} />);
    expect(tagWith(hidden, 'form-saved')).toContain('role="status"');
    expect(hidden).not.toContain('Saved.');
  });

  it('LicenceBadge names class and safety rating', async () => {
    const html = await show(() => <LicenceBadge licence="A" safetyRating={3.456} />);
    expect(html).toContain('aria-label="Class A licence, safety rating 3.46"');
    expect(html).toContain('data-licence="A"');
  });

  it('Pagination marks the current page and disables previous on the first', async () => {
    const html = await show(() => (
      <Pagination page={1} pageCount={12} href={(p) => `/drivers?page=${p}`} />
    ));
    expect(tagWith(html, 'pagination-page-1')).toContain('aria-current="page"');
    expect(tagWith(html, 'pagination-prev')).toContain('aria-disabled="true"');
    expect(tagWith(html, 'pagination-next')).toContain('href="/drivers?page=2"');
    expect(html).toContain('href="/drivers?page=12"');
  });
});

describe('DataTable on the client sort', () => {
  type Line = { id: number; name: string | null; laps: number | null };
  const lineColumns: Column<Line>[] = [
    { key: 'name', header: 'Name', sortable: true, value: (r) => r.name, cell: (r) => r.name },
    {
      key: 'laps',
      header: 'Laps',
      numeric: true,
      sortable: true,
      value: (r) => r.laps,
      cell: (r) => r.laps,
    },
  ];
  const order = (html: string) =>
    [...html.matchAll(/data-test="line-(\d+)"/g)].map((m) => Number(m[1]));
  const render = (rows: Line[], sort: SortState) =>
    show(() => (
      <DataTable<Line>
        caption="Lines"
        columns={lineColumns}
        rows={rows}
        rowKey={(r) => r.id}
        rowTestId={(r) => `line-${r.id}`}
        clientSort
        sort={sort}
      />
    ));
  const lines = fc
    .array(
      fc.record({
        name: fc.option(fc.constantFrom('ada', 'Ada', 'bob', 'Émile', 'zed', '10', '9', ''), {
          nil: null,
        }),
        laps: fc.option(fc.integer({ min: -3, max: 3 }), { nil: null }),
      }),
      { maxLength: 12 },
    )
    .map((rows) => rows.map((r, id) => ({ id, ...r })));
  const sorts = fc.record({
    key: fc.constantFrom('name', 'laps'),
    direction: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
  });

  /** The rows in the order of TanStack's sorted row model: its sort function, stable. */
  const modelOrder = (rows: Line[], sort: SortState) => {
    const sortFn = sort.key === 'laps' ? sortFn_basic : sortFn_text;
    const sign = sort.direction === 'desc' ? -1 : 1;
    // A stand-in for TanStack's row: its sort functions read the value through getValue only.
    const cell = (r: Line) =>
      ({ getValue: () => r[sort.key as 'name' | 'laps'] }) as unknown as Parameters<
        typeof sortFn
      >[0];
    return rows
      .map((r, index) => ({ r, index }))
      .sort((a, b) => sign * sortFn(cell(a.r), cell(b.r), sort.key) || a.index - b.index)
      .map(({ r }) => r.id);
  };

  it('shows the rows in the order of TanStack’s model, whether it builds the model or not', async () => {
    await fc.assert(
      fc.asyncProperty(lines, sorts, async (rows, sort) => {
        expect(order(await render(rows, sort))).toEqual(modelOrder(rows, sort));
        if (followsSort(rows, lineColumns, sort))
          expect(modelOrder(rows, sort)).toEqual(rows.map((r) => r.id));
      }),
      { numRuns: 200 },
    );
  });

  it('does not take rows out of order for sorted ones', () => {
    const rows: Line[] = [
      { id: 0, name: 'bob', laps: 1 },
      { id: 1, name: 'Ada', laps: 3 },
    ];
    expect(followsSort(rows, lineColumns, { key: 'name', direction: 'asc' })).toBe(false);
    expect(followsSort(rows, lineColumns, { key: 'name', direction: 'desc' })).toBe(true);
    expect(followsSort(rows, lineColumns, { key: 'laps', direction: 'asc' })).toBe(true);
    expect(followsSort(rows, lineColumns, { key: 'laps', direction: 'desc' })).toBe(false);
  });
});
