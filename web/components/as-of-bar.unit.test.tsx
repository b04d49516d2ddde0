import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage, tagWith } from '../layouts/render-for-test.tsx';
import { AsOfBar, asOfHref, type AsOfView } from './AsOfBar.tsx';

const show = (Component: () => ReactNode) =>
  renderPage({ component: 'Test/Show', Component, url: '/drivers/7', user: null });

const today: AsOfView = {
  day: null,
  known: null,
  min: '2022-03-15',
  max: '2026-11-26',
  notice: null,
};

describe('AsOfBar', () => {
  it('today: only the picker, a GET form bounded by the first day and today, keeping the page state', async () => {
    const html = await show(() => (
      <AsOfBar view={today} path="/drivers/7" keep={{ category: 'oval' }} />
    ));
    expect(html).not.toContain('data-test="as-of-banner"');
    expect(tagWith(html, 'as-of-form')).toContain('action="/drivers/7"');
    const input = tagWith(html, 'as-of-input');
    expect(input).toContain('type="date"');
    expect(input).toContain('name="asOf"');
    expect(input).toContain('min="2022-03-15"');
    expect(input).toContain('max="2026-11-26"');
    expect(html).toContain('<input type="hidden" name="category" value="oval"/>');
    expect(html).toMatch(/<label for="[^"]+"[^>]*>Show as of \(race date\)<\/label>/);
  });

  it('in the past: the banner names both clocks and links back to today', async () => {
    const html = await show(() => (
      <AsOfBar
        view={{ ...today, day: '2022-04-01' }}
        path="/drivers/7"
        keep={{ category: 'oval' }}
      />
    ));
    expect(html).toContain('Viewing Pitwall as of <strong>1 Apr 2022</strong> (race time)');
    expect(html).toContain('as known now (learned time)');
    expect(tagWith(html, 'as-of-today')).toContain('href="/drivers/7?category=oval"');
    const known = await show(() => (
      <AsOfBar
        view={{ ...today, day: '2022-04-01', known: '2026-11-26T04:12:07.250Z' }}
        path="/drivers/7"
      />
    ));
    expect(known).toContain(
      'as Pitwall knew it on <strong>26 Nov 2026, 04:12:07 UTC</strong> (learned time)',
    );
  });

  it('a notice (a refused date, a known not applied): shown as a status', async () => {
    const html = await show(() => (
      <AsOfBar
        view={{ ...today, notice: '1 Jan 2099 is in the future. Showing today.' }}
        path="/drivers/7"
      />
    ));
    expect(tagWith(html, 'as-of-notice')).toContain('role="status"');
    expect(html).toContain('1 Jan 2099 is in the future. Showing today.');
    expect(asOfHref('/drivers/7', { category: 'oval' }, { day: '2022-04-01' })).toBe(
      '/drivers/7?category=oval&asOf=2022-04-01',
    );
  });
});
