import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage, tagWith } from '../layouts/render-for-test.tsx';
import { LicenceBadge } from './Badge.tsx';
import { DataTable, nextSort, type Column } from './DataTable.tsx';
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
