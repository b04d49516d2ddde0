import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../layouts/render-for-test.tsx';
import { IratingWhatIf } from './IratingWhatIf.tsx';
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
  it('server-renders every driver with the model’s change for the recorded order', async () => {
    const line = (id: number, pos: number, rating: number) => ({
      key: `d${id}`,
      name: `Driver ${id}`,
      classPosition: pos,
      teamId: null,
      drivers: [
        { custId: id, name: `Driver ${id}`, laps: 10, oldIrating: rating, recordedChange: null },
      ],
    });
    const html = await render(
      <IratingWhatIf
        teamEvent={false}
        classes={[{ id: 1, name: 'GT3', lines: [line(1, 1, 1500), line(2, 2, 1500)] }]}
      />,
    );
    // Two equal drivers: the winner gains (2 − 1 − 0.5 − 0) · 100 ≈ +50, the other −49.
    expect(html).toMatch(/data-test="whatif-change-1"><span[^>]*>\+50</);
    expect(html).toContain('What-if position of Driver 2');
  });

  it('sends each position select with its own position only: the browser adds the rest', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => ({
      key: `d${i + 1}`,
      name: `Driver ${i + 1}`,
      classPosition: i + 1,
      teamId: null,
      drivers: [
        {
          custId: i + 1,
          name: `Driver ${i + 1}`,
          laps: 10,
          oldIrating: 1500,
          recordedChange: null,
        },
      ],
    }));
    const html = await render(
      <IratingWhatIf teamEvent={false} classes={[{ id: 1, name: 'GT3', lines }]} />,
    );
    // One option per row (30), not one per row and position (900).
    expect(html.match(/<option /g)).toHaveLength(30);
    expect(html).toContain('<option value="29" selected="">P30</option></select>');
  });
});
