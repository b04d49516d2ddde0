import { describe, expect, it } from 'vitest';
import { renderPage, tagWith } from '../../layouts/render-for-test.tsx';
import HomeIndex from './Index.tsx';
import type { NotableRace, Props, SeriesWeek } from './Index.tsx';

/** The home page server-renders its race lists from realistic props (what a first visit gets). */
const race: NotableRace = {
  subsessionId: 70010001,
  series: { id: 228, name: 'GT3 Fanatec Challenge' },
  category: 'sports_car',
  startTime: '2026-11-24T19:00:00Z',
  trackName: 'Spa-Francorchamps',
  configName: 'Grand Prix',
  strengthOfField: 4312,
  fieldSize: 24,
  winner: { id: 101, name: 'Max Verstappen' },
  winnerTeam: 'Redline',
};
const week: SeriesWeek = {
  series: { id: 228, name: 'GT3 Fanatec Challenge' },
  category: 'sports_car',
  week: 11,
  startDate: '2026-11-24',
  running: true,
  trackName: 'Spa-Francorchamps',
  configName: null,
  entries: 1520,
  races: 80,
  drivers: 900,
};
const none: Props = {
  asOf: { day: null, known: null, min: null, max: '2026-11-26', notice: null },
  latestArticles: [],
  favoriteDrivers: null,
  topDrivers: [],
  notableRaces: [],
  seriesThisWeek: [],
};

function render(props: Partial<Props>): Promise<string> {
  return renderPage({
    component: 'Home/Index',
    Component: HomeIndex,
    url: '/',
    props: { ...none, ...props },
  });
}

describe('Home/Index race lists', () => {
  it('lists a notable race with its results link, winner, SoF and field size', async () => {
    const html = await render({ notableRaces: [race], seriesThisWeek: [week] });
    expect(tagWith(html, 'notable-races')).toContain('aria-labelledby="notable-races"');
    const row = html.slice(html.indexOf('data-test="notable-race-70010001"'));
    expect(row).toContain('href="/subsessions/70010001"');
    expect(row).toContain('GT3 Fanatec Challenge');
    expect(row).toContain('Spa-Francorchamps');
    expect(row).toContain('href="/drivers/101"');
    expect(row).toContain('Max Verstappen');
    expect(row).toContain(' (Redline)');
    expect(row).toMatch(/SoF (<!-- -->)?4,312/);
    expect(row).toMatch(/24 (<!-- -->)?drivers/);
    expect(html).toContain('Highest strength of field, last 7 days');
  });

  it('lists the week of a busy series with its link, week, category and counts', async () => {
    const html = await render({ notableRaces: [race], seriesThisWeek: [week] });
    expect(tagWith(html, 'series-this-week')).toContain('aria-labelledby="series-this-week"');
    const row = html.slice(html.indexOf('data-test="series-week-228"'));
    expect(row).toContain('href="/series/228"');
    expect(row).toMatch(/Week (<!-- -->)?11/);
    expect(row).not.toContain('(from ');
    expect(row).toContain('Sports car');
    expect(row).toMatch(/1,520 (<!-- -->)?entries/);
    expect(row).toMatch(/80 (<!-- -->)?races/);
    expect(html).toContain('The busiest series');
  });

  it('says when a week has not started and leaves out a missing winner', async () => {
    const html = await render({
      notableRaces: [{ ...race, winner: null, winnerTeam: null }],
      seriesThisWeek: [{ ...week, running: false, category: null }],
    });
    const raceRow = html.slice(
      html.indexOf('data-test="notable-race-70010001"'),
      html.indexOf('data-test="series-this-week"'),
    );
    expect(raceRow).not.toContain('Won by');
    const weekRow = html.slice(html.indexOf('data-test="series-week-228"'));
    expect(weekRow).toContain('(from ');
    expect(weekRow).not.toContain('Sports car');
  });

  it('shows each empty list its own words when only the other has rows', async () => {
    const onlyRaces = await render({ notableRaces: [race] });
    expect(onlyRaces).toContain('No races this week yet');
    const onlyWeeks = await render({ seriesThisWeek: [week] });
    expect(onlyWeeks).toContain('No races yet');
  });

  it('leaves both lists out when neither has rows', async () => {
    const html = await render({});
    expect(tagWith(html, 'notable-races')).toBeNull();
    expect(tagWith(html, 'series-this-week')).toBeNull();
  });
});
