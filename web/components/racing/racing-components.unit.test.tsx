import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../layouts/render-for-test.tsx';
import { DataTable } from '../DataTable.tsx';
import { IratingWhatIf } from './IratingWhatIf.tsx';
import {
  countColumn,
  Fact,
  lapTimeColumn,
  ratingColumn,
  SeriesCrumb,
  sofColumn,
  weekColumn,
  winnerColumn,
} from './race-parts.tsx';
import { formatChance, SlotPredictions } from './SlotPredictions.tsx';

const render = (node: ReactNode) =>
  renderPage({ component: 'Test/Show', Component: () => node, url: '/test' });

describe('SlotPredictions', () => {
  it('shows each slot’s predicted entries, splits and SoF with their ranges', async () => {
    const html = await render(
      <SlotPredictions
        slots={[
          {
            startTime: '2026-11-26T18:00:00.000Z',
            week: 3,
            trackName: 'Spa',
            configName: null,
            entries: 40,
            entriesLow: 20,
            entriesHigh: 60,
            splits: 2,
            splitsLow: 1,
            splitsHigh: 3,
            topSof: 2040,
            basis: 4,
            officialProbability: 0.934,
          },
        ]}
      />,
    );
    expect(html).toContain('~40');
    expect(html).toContain('(20–60)');
    expect(html).toContain('(1–3)');
    expect(html).toContain('~2,040');
    expect(html).toContain('4 past races in this slot');
    expect(html).toContain('Goes official');
    expect(html).toContain('93%');
  });

  it('never states a false certainty for going official', () => {
    expect([0.999, 0.5, 0.004].map(formatChance)).toEqual(['> 99%', '50%', '< 1%']);
  });

  it('renders nothing without slots', async () => {
    expect(await render(<SlotPredictions slots={[]} />)).not.toContain('slot-predictions');
  });
});

describe('IratingWhatIf', () => {
  const line = (id: number, pos: number, rating: number) => ({
    key: `d${id}`,
    name: `Driver ${id}`,
    classPosition: pos,
    teamId: null,
    drivers: [
      { custId: id, name: `Driver ${id}`, laps: 10, oldIrating: rating, recordedChange: null },
    ],
  });

  it('server-renders the card and its explanation, with the tables’ room reserved', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => line(i + 1, i + 1, 1500));
    const html = await render(
      <IratingWhatIf teamEvent={false} classes={[{ id: 1, name: 'GT3', lines }]} />,
    );
    expect(html).toContain('data-test="irating-whatif"');
    expect(html).toContain('to see what everyone’s iRating change would have been');
    // 5.25 rem of header and reset bar, 2.75 rem a row.
    expect(html).toContain('style="min-height:87.75rem" data-test="whatif-pending"');
    expect(html).toContain('The what-if needs JavaScript');
  });

  it('leaves the rows, their selects and the model’s changes to the browser', async () => {
    const html = await render(
      <IratingWhatIf
        teamEvent={false}
        classes={[{ id: 1, name: 'GT3', lines: [line(1, 1, 1500), line(2, 2, 1500)] }]}
      />,
    );
    expect(html).not.toContain('whatif-row-');
    expect(html).not.toContain('<option');
    expect(html).not.toContain('whatif-change-');
  });
});

describe('race parts', () => {
  const series = { seriesId: 228, seasonId: 5, seriesName: 'GT3 Fanatec', seriesPage: true };

  it('links the series crumb to its season only when the series has pages', async () => {
    const linked = await render(<SeriesCrumb series={series} testId="crumb" />);
    expect(linked).toMatch(
      /<a[^>]*data-test="crumb"[^>]*href="\/series\/228\?season=5"[^>]*>GT3 Fanatec<\/a>/,
    );
    const plain = await render(
      <SeriesCrumb series={{ ...series, seriesPage: false }} testId="crumb" />,
    );
    expect(plain).toContain('<span>GT3 Fanatec</span>');
    expect(plain).not.toContain('data-test="crumb"');
  });

  it('shows a fact as a term and its value', async () => {
    const html = await render(
      <dl>
        <Fact label="Laps">42</Fact>
      </dl>,
    );
    expect(html).toMatch(/<dt[^>]*>Laps<\/dt><dd[^>]*>42<\/dd>/);
  });

  it('formats and sorts the shared columns: counts, lap times, SoF and the winner', async () => {
    type Race = {
      id: number;
      week: number;
      average: number | null;
      entries: number;
      bestLap: number | null;
      sof: number | null;
      winner: { id: number; name: string } | null;
      winnerTeam: string | null;
    };
    const columns = [
      countColumn<Race>('entries', 'Entries', (r) => r.entries),
      lapTimeColumn<Race>('best', 'Best lap', (r) => r.bestLap, 'lg'),
      sofColumn<Race>((r) => r.sof),
      winnerColumn<Race>(),
      weekColumn<Race>(),
      ratingColumn<Race>('avg', 'Average SoF', (r) => r.average),
    ];
    expect(columns.map((c) => [c.key, c.firstDirection, c.hideBelow])).toEqual([
      ['entries', undefined, undefined],
      ['best', 'asc', 'lg'],
      ['sof', undefined, undefined],
      ['winner', undefined, undefined],
      ['week', 'asc', undefined],
      ['avg', undefined, undefined],
    ]);
    const html = await render(
      <DataTable
        columns={columns}
        rows={[
          {
            id: 1,
            week: 7,
            average: 1987,
            entries: 1234,
            bestLap: 1375000,
            sof: 2500,
            winner: { id: 1001, name: 'Max' },
            winnerTeam: 'Apex',
          },
          {
            id: 2,
            week: 8,
            average: null,
            entries: 0,
            bestLap: null,
            sof: null,
            winner: null,
            winnerTeam: null,
          },
        ]}
        rowKey={(r) => r.id}
        caption="Races"
        sort={{ key: 'entries', direction: 'desc' }}
        rowTestId={(r) => `row-${r.id}`}
        data-test="races"
      />,
    );
    const row = (id: number) =>
      new RegExp(`data-test="row-${id}"[^>]*>(.*?)</tr>`).exec(html)?.[1] ?? '';
    expect(row(1)).toContain('1,234');
    expect(row(1)).toContain('2:17.500');
    expect(row(1)).toContain('2,500');
    expect(row(1)).toContain('1,987');
    expect(row(1)).toMatch(/>7<\/td>/);
    expect(row(1)).toMatch(
      /href="\/drivers\/1001"[^>]*>Max<\/a><span class="ml-1 text-ink-muted">\(<!-- -->Apex<!-- -->\)<\/span>/,
    );
    expect(row(2)).not.toContain('/drivers/');
    expect(row(2)).not.toContain('ml-1 text-ink-muted');
  });
});
