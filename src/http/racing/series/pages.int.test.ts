import { describe, expect, it } from 'vitest';
import type { Props as IndexProps } from '../../../../web/pages/Series/Index.tsx';
import type { Props as LapTimesProps } from '../../../../web/pages/Series/LapTimes.tsx';
import type { Props as OverviewProps } from '../../../../web/pages/Series/Overview.tsx';
import type { Props as PaceProps } from '../../../../web/pages/Series/Pace.tsx';
import type { Props as ParticipationProps } from '../../../../web/pages/Series/Participation.tsx';
import type { Props as RecentRacesProps } from '../../../../web/pages/Series/RecentRaces.tsx';
import type { Props as ScheduleProps } from '../../../../web/pages/Series/Schedule.tsx';
import type { Props as SofProps } from '../../../../web/pages/Series/Sof.tsx';
import type { Props as StatsProps } from '../../../../web/pages/Series/Stats.tsx';
import { useApiTestServer } from '../test-support/api-server.ts';
import {
  GT3_SEASON,
  gt3Subsessions,
  OVAL_SEASON,
  TRACKS,
  UNKNOWN_ID,
} from '../test-support/racing-world.ts';
import { scheduleWeeks } from './pages.ts';

/**
 * The series pages against the racing world: series 210 (season 3620: three weeks, two splits a
 * week of 12 drivers), 400 (one oval race) and 300 (no season at all).
 */

const api = useApiTestServer({ timeout: 120_000 });

async function visit<P>(url: string, component: string): Promise<P> {
  const res = await api.client.visit(url);
  expect(res.status, `${url}: ${res.text.slice(0, 300)}`).toBe(200);
  const page = res.page();
  expect(page.component).toBe(component);
  return page.props as unknown as P;
}

const VIEWS = [
  ['', 'Series/Overview'],
  ['/schedule', 'Series/Schedule'],
  ['/recent-races', 'Series/RecentRaces'],
  ['/stats', 'Series/Stats'],
  ['/lap-times', 'Series/LapTimes'],
  ['/pace', 'Series/Pace'],
  ['/participation', 'Series/Participation'],
  ['/sof', 'Series/Sof'],
  ['/setups', 'Series/Setups'],
] as const;

describe('/series', () => {
  it('lists every series grouped by category, with its current season', async () => {
    const props = await visit<IndexProps>('/series', 'Series/Index');
    expect(props.groups.map((g) => [g.category, g.series.map((s) => s.id)])).toEqual([
      ['sports_car', [300, 210]],
      ['oval', [400]],
    ]);
    const gt3 = props.groups[0]!.series.find((s) => s.id === 210)!;
    expect(gt3).toMatchObject({
      name: 'Global Fanatec Challenge',
      licenceClass: 'C',
      official: true,
      fixedSetup: false,
      season: { id: GT3_SEASON, active: true },
    });
    expect(props.groups[0]!.series.find((s) => s.id === 300)!.season).toBeNull();
  });
});

describe('/series/{id} and its views', () => {
  it.each(VIEWS)(
    '%s answers its page with the series frame and the current season',
    async (path, component) => {
      const props = await visit<{ series: OverviewProps['series'] }>(
        `/series/210${path}`,
        component,
      );
      expect(props.series).toMatchObject({
        id: 210,
        name: 'Global Fanatec Challenge',
        defaultSeasonId: GT3_SEASON,
        season: { id: GT3_SEASON, maxWeeks: 12, fixedSetup: false },
        seasons: [{ id: GT3_SEASON, active: true }],
      });
      // The same view of the season named in the URL.
      const again = await visit<{ series: OverviewProps['series'] }>(
        `/series/210${path}?season=${GT3_SEASON}`,
        component,
      );
      expect(again.series.season?.id).toBe(GT3_SEASON);
    },
  );

  it.each(VIEWS)(
    '%s of a series without seasons shows the empty state',
    async (path, component) => {
      const props = await visit<{ series: OverviewProps['series'] }>(
        `/series/300${path}`,
        component,
      );
      expect(props.series.season).toBeNull();
      expect(props.series.seasons).toEqual([]);
    },
  );

  it.each([
    ['an unknown series', `/series/${UNKNOWN_ID}`],
    ['a malformed id', '/series/abc'],
    ['id zero', '/series/0/schedule'],
    ['an id beyond 32 bits', '/series/99999999999/sof'],
    ['another series’ season', `/series/210?season=${OVAL_SEASON}`],
    ['an unknown season', `/series/210/stats?season=${UNKNOWN_ID}`],
    ['a malformed season', '/series/210/pace?season=x'],
    ['a repeated season', `/series/210?season=${GT3_SEASON}&season=${GT3_SEASON}`],
    ['a malformed week', '/series/210/lap-times?week=first'],
    ['a week without lap times', '/series/210/lap-times?week=9'],
    ['a week without pace data', '/series/210/pace?week=7'],
    ['a cursor that does not decode', '/series/210/recent-races?cursor=notacursor'],
  ])('answers the NotFound page for %s', async (_label, url) => {
    const res = await api.client.visit(url);
    expect(res.status).toBe(404);
    expect(res.page().component).toBe('Public/NotFound');
  });

  it('overview: the season totals, latest races and most wins', async () => {
    const props = await visit<OverviewProps>('/series/210', 'Series/Overview');
    expect(props.summary).toMatchObject({
      weeksRaced: 3,
      races: 6,
      entries: 72,
      uniqueDrivers: 24,
      averageStrengthOfField: 2150,
      maxStrengthOfField: 2500,
    });
    expect(props.recentRaces).toHaveLength(5);
    const newest = [...gt3Subsessions()].sort((a, b) => b.startTime.localeCompare(a.startTime))[0]!;
    expect(props.recentRaces[0]).toMatchObject({ subsessionId: newest.subsessionId, week: 3 });
    expect(props.topWinners.length).toBeGreaterThan(0);
    expect(props.topWinners[0]!.rank).toBe(1);
  });

  it('schedule: week by week with track, dates and race length', async () => {
    const props = await visit<ScheduleProps>('/series/210/schedule', 'Series/Schedule');
    expect(props.weeks.map((w) => [w.week, w.trackName, w.startDate, w.raceLength])).toEqual(
      TRACKS.map((t, i) => [
        i + 1,
        t.trackName,
        new Date(Date.UTC(2022, 2, 15 + i * 7)).toISOString().slice(0, 10),
        '40 min',
      ]),
    );
    expect(props.weeks[0]).toMatchObject({ endDate: '2022-03-21', starts: 24, races: 2 });
    // The season's weeks lie in 2022: none is "this week" today.
    expect(props.weeks.some((w) => w.current)).toBe(false);
  });

  it('marks the week running at a given day, and none of an inactive season', () => {
    const weeks = [0, 1, 2].map((i) => ({
      raceWeekNum: i,
      startDate: `2022-03-${String(15 + i * 7).padStart(2, '0')}`,
      track: { ...TRACKS[i]!, category: null },
      raceLapLimit: 20,
      raceTimeLimitMinutes: null,
      timeSlots: [],
      startType: null,
      participation: null,
    }));
    const at = (day: string) => Date.parse(`${day}T12:00:00Z`);
    expect(scheduleWeeks(weeks, true, at('2022-03-23')).map((w) => w.current)).toEqual([
      false,
      true,
      false,
    ]);
    expect(scheduleWeeks(weeks, true, at('2022-03-21')).map((w) => w.current)).toEqual([
      true,
      false,
      false,
    ]);
    expect(scheduleWeeks(weeks, false, at('2022-03-23')).some((w) => w.current)).toBe(false);
    expect(scheduleWeeks(weeks, true, at('2022-03-23'))[0]!.raceLength).toBe('20 laps');
  });

  it('recent races: every split newest first, paged by cursor', async () => {
    const props = await visit<RecentRacesProps>('/series/210/recent-races', 'Series/RecentRaces');
    const expected = [...gt3Subsessions()]
      .sort((a, b) => b.startTime.localeCompare(a.startTime))
      .map((s) => s.subsessionId);
    expect(props.races.map((r) => r.subsessionId)).toEqual(expected);
    expect(props).toMatchObject({ nextCursor: null, firstPage: true });
    expect(props.races[0]!.winner).not.toBeNull();
  });

  it('stats: the four leaderboards, fastest laps and car times', async () => {
    const props = await visit<StatsProps>('/series/210/stats', 'Series/Stats');
    expect(props.leaderboards.map((l) => l.kind)).toEqual([
      'race-wins',
      'poles',
      'top-fives',
      'races',
    ]);
    const wins = props.leaderboards[0]!.entries.reduce((n, e) => n + e.value, 0);
    expect(wins).toBe(6);
    expect(props.leaderboards[3]!.entries[0]!.value).toBe(3);
    expect(props.fastestLaps).toMatchObject({ week: 3, trackName: TRACKS[2].trackName });
    const laps = props.fastestLaps!.laps.map((l) => l.lapTime);
    expect(laps).toEqual([...laps].sort((a, b) => a - b));
    expect(props.carTimes.map((c) => c.carName).sort()).toEqual([
      'BMW M4 GT3',
      'Porsche 911 GT3 R',
    ]);
  });

  it('lap times: best laps per car and week, one week by ?week=', async () => {
    const all = await visit<LapTimesProps>('/series/210/lap-times', 'Series/LapTimes');
    expect(all.weeks.map((w) => w.week)).toEqual([1, 2, 3]);
    expect(all.week).toBeNull();
    expect(all.rows).toHaveLength(6);
    const two = await visit<LapTimesProps>('/series/210/lap-times?week=2', 'Series/LapTimes');
    expect(two.week).toBe(2);
    expect(two.rows.map((r) => r.week)).toEqual([2, 2]);
    expect(two.rows.every((r) => r.bestLap !== null && r.bestBy !== null)).toBe(true);
  });

  it('pace: lap time per iRating band and car of the latest week, or the week asked for', async () => {
    const latest = await visit<PaceProps>('/series/210/pace', 'Series/Pace');
    expect(latest.week).toBe(3);
    expect(latest.weeks.map((w) => w.week)).toEqual([1, 2, 3]);
    expect(latest.bands.length).toBeGreaterThan(1);
    expect(latest.cars.map((c) => c.carName).sort()).toEqual(['BMW M4 GT3', 'Porsche 911 GT3 R']);
    for (const car of latest.cars) {
      expect(car.averageLap).toHaveLength(latest.bands.length);
      expect(car.averageLap.some((v) => v !== null)).toBe(true);
    }
    const first = await visit<PaceProps>('/series/210/pace?week=1', 'Series/Pace');
    expect(first.week).toBe(1);
  });

  it('participation: starts and drivers per week and per time slot', async () => {
    const props = await visit<ParticipationProps>(
      '/series/210/participation',
      'Series/Participation',
    );
    expect(
      props.weeks.map((w) => [w.week, w.trackName, w.entries, w.uniqueDrivers, w.races]),
    ).toEqual(TRACKS.map((t, i) => [i + 1, t.trackName, 24, 24, 2]));
    expect(props.timeSlots.map((s) => [s.timeSlot, s.entries, s.races])).toEqual([
      ['12:00', 36, 3],
      ['14:00', 36, 3],
    ]);
  });

  it('sof: per week, per time slot and the strongest races', async () => {
    const props = await visit<SofProps>('/series/210/sof', 'Series/Sof');
    expect(props.weeks).toEqual(
      [1, 2, 3].map((week) => ({ week, averageStrengthOfField: 2150, maxStrengthOfField: 2500 })),
    );
    expect(props.timeSlots).toEqual([
      { timeSlot: '12:00', races: 3, averageStrengthOfField: 2500, maxStrengthOfField: 2500 },
      { timeSlot: '14:00', races: 3, averageStrengthOfField: 1800, maxStrengthOfField: 1800 },
    ]);
    expect(props.strongest.map((r) => r.strengthOfField)).toEqual([
      2500, 2500, 2500, 1800, 1800, 1800,
    ]);
  });
});

describe('the series pages on the server clock', () => {
  // A day inside the season's second week, after its two races.
  const now = new Date('2022-03-23T13:00:00Z');
  const dated = useApiTestServer({ now: () => now, timeout: 120_000 });

  const visitDated = async <P>(url: string, component: string): Promise<P> => {
    const res = await dated.client.visit(url);
    expect(res.status, `${url}: ${res.text.slice(0, 300)}`).toBe(200);
    expect(res.page().component).toBe(component);
    return res.page().props as unknown as P;
  };

  it('schedule: marks the week running then and predicts the slots after it', async () => {
    const props = await visitDated<ScheduleProps>('/series/210/schedule', 'Series/Schedule');
    expect(props.weeks.filter((w) => w.current).map((w) => w.week)).toEqual([2]);
    expect(props.upcoming.map((s) => s.startTime).slice(0, 3)).toEqual([
      '2022-03-23T14:00:00.000Z',
      '2022-03-24T12:00:00.000Z',
      '2022-03-24T14:00:00.000Z',
    ]);
    for (const slot of props.upcoming) {
      expect(slot.entriesLow).toBeLessThanOrEqual(slot.entries);
      expect(slot.entriesHigh).toBeGreaterThanOrEqual(slot.entries);
      expect(slot.officialProbability).toBeGreaterThanOrEqual(0);
      expect(slot.officialProbability).toBeLessThanOrEqual(1);
    }
  });

  it('overview: the week running then and its next three slots', async () => {
    const props = await visitDated<OverviewProps>('/series/210', 'Series/Overview');
    expect(props.thisWeek).toMatchObject({ week: 2, trackName: TRACKS[1].trackName });
    expect(props.upcoming.map((s) => s.startTime)).toEqual([
      '2022-03-23T14:00:00.000Z',
      '2022-03-24T12:00:00.000Z',
      '2022-03-24T14:00:00.000Z',
    ]);
  });
});
