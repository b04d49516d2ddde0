import { listSetups, seasonCarsAndTracks } from '../../../queries/setups.ts';
import type { Request } from 'express';
import { z } from 'zod';
import { batch, known, run, type Statement } from '../../../db/batch.ts';
import {
  seasonLeaderboardsAtStatement,
  seasonLeaderboardsStatement,
  seasonLeaderboardStatement,
  type LeaderboardEntryDto,
  type LeaderboardKind,
} from '../../../queries/racing/leaderboards.ts';
import { InvalidQueryError } from '../../../queries/racing/paging.ts';
import {
  seasonLapTimeGridStatement,
  seasonPace,
  seasonStrongestRacesStatement,
  seasonSummaryStatement,
  seasonWeekParticipationStatement,
} from '../../../queries/racing/season-stats.ts';
import {
  seasonFastestLapsAsOfStatement,
  seasonFastestLapsStatement,
  seasonParticipationStatement,
  seasonRecentRacesStatement,
  type CarTimeDto,
  type RecentRaceDto,
  type SeasonWeekDto,
  type TimeSlotParticipationDto,
  type WeekParticipationDto,
} from '../../../queries/racing/seasons.ts';
import {
  seriesDirectory,
  seriesFrameStatement,
  type SeriesFrameDto,
} from '../../../queries/racing/series.ts';
import type { SeriesFrame, SeriesView } from '../../../../web/components/racing/SeriesLayout.tsx';
import type {
  CarTimeLine,
  LeaderLine,
  RaceLine,
} from '../../../../web/components/racing/series-parts.tsx';
import type { Props as IndexProps } from '../../../../web/pages/Series/Index.tsx';
import type { ScheduleWeek } from '../../../../web/pages/Series/Schedule.tsx';
import {
  seriesSlotPredictionsStatement,
  type SlotPredictionDto,
} from '../../../queries/racing/slot-predictions.ts';
import type { Leaderboard } from '../../../../web/pages/Series/Stats.tsx';
import type { Pages } from '../../../../web/generated/pages.ts';
import type { HttpDeps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import type { PagePropsInput } from '../../inertia/inertia.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { nowOf, pageAsOfStatement, withoutParameters } from '../shared/as-of.ts';
import { cursor, idParam, positiveInt } from '../shared/params.ts';

/**
 * `/series` and the series views (`/series/{id}`, `/series/{id}/<view>`): each view reads the
 * series, picks the season (`?season=`, default the current one) and shapes the season's data
 * from the same queries as the JSON API. Unknown or malformed ids and query values, and a
 * season of another series, are a 404.
 */

const notFound = () => new HttpError(404, 'This page does not exist.');

const CATEGORY_LABELS: Record<string, string> = {
  oval: 'Oval',
  sports_car: 'Sports car',
  formula_car: 'Formula car',
  road: 'Road',
  dirt_oval: 'Dirt oval',
  dirt_road: 'Dirt road',
};
const CATEGORY_ORDER = ['sports_car', 'formula_car', 'oval', 'dirt_road', 'dirt_oval', 'road'];

/** `/series`: every series grouped by category (a category's series by name). */
export const listSeriesPage: RouteHandler = async (_req, res, deps) => {
  const entries = await seriesDirectory(deps.knex);
  const groups = new Map<string | null, IndexProps['groups'][number]>();
  for (const s of entries) {
    const key = s.category;
    let group = groups.get(key);
    if (!group) {
      group = {
        category: key,
        label: key ? (CATEGORY_LABELS[key] ?? key) : 'Mixed and other',
        series: [],
      };
      groups.set(key, group);
    }
    group.series.push({
      id: s.seriesId,
      name: s.name,
      licenceClass: s.licenseClass,
      official: s.official,
      multiclass: s.multiclass,
      fixedSetup: s.fixedSetup,
      season: s.latestSeason
        ? {
            id: s.latestSeason.seasonId,
            name: s.latestSeason.seasonName,
            active: s.latestSeasonActive,
          }
        : null,
    });
  }
  const rank = (c: string | null) => (c === null ? 99 : CATEGORY_ORDER.indexOf(c) + 1 || 50);
  await res.inertia.render('Series/Index', {
    groups: [...groups.values()].sort((a, b) => rank(a.category) - rank(b.category)),
  });
};

const seriesParams = z.object({ id: idParam('series') });
const seasonQuery = z.object({ season: positiveInt().optional() });

interface Framed {
  frame: SeriesFrame;
  seasonId: number | null;
  /** The season's weeks (without participation) when the view asked for them, else []. */
  weeks: SeasonWeekDto[];
}

/**
 * The frame's read for the URL: the series, its seasons and the season of the URL (default: the
 * running one, else the newest) in one statement, with the season's schedule when `withWeeks`;
 * null when the id or `?season=` is malformed.
 */
function frameRead(
  req: Request,
  withWeeks: boolean,
): { statement: Statement<SeriesFrameDto | null>; requested: number | null } | null {
  const params = seriesParams.safeParse(req.params);
  const query = seasonQuery.safeParse({ season: req.query.season });
  if (!params.success || !query.success) return null;
  const requested = query.data.season ?? null;
  return { statement: seriesFrameStatement(params.data.id, requested, withWeeks), requested };
}

/** Every view's frame from the frame's read; 404 for an unknown series or a season of another. */
function framedOf(
  found: SeriesFrameDto | null,
  requested: number | null,
  view: SeriesView,
): Framed {
  if (!found) throw notFound();
  const { series, season } = found;
  if (requested !== null && !season) throw notFound();
  const fallback = series.seasons.find((s) => s.active) ?? series.seasons[0] ?? null;
  return {
    seasonId: season?.seasonId ?? null,
    weeks: found.weeks ?? [],
    frame: {
      id: series.seriesId,
      name: series.name,
      category: series.category,
      licenceClass: series.licenseClass,
      official: series.official,
      multiclass: series.multiclass,
      description: series.description,
      seasons: series.seasons.map((s) => ({
        id: s.seasonId,
        name: s.seasonName,
        year: s.seasonYear,
        quarter: s.seasonQuarter,
        active: s.active,
      })),
      defaultSeasonId: fallback?.seasonId ?? null,
      season: season
        ? {
            id: season.seasonId,
            name: season.seasonName,
            shortName: season.seasonShortName,
            year: season.seasonYear,
            quarter: season.seasonQuarter,
            active: season.active,
            complete: season.complete,
            official: season.official,
            fixedSetup: season.fixedSetup,
            multiclass: season.multiclass,
            startDate: season.startDate,
            maxWeeks: season.maxWeeks,
            scheduleDescription: season.scheduleDescription,
          }
        : null,
      view,
    },
  };
}

/** The view's frame in one statement (frameRead, framedOf); 404 on bad input. */
async function loadFrame(
  req: Request,
  deps: HttpDeps,
  view: SeriesView,
  withWeeks: boolean,
): Promise<Framed> {
  const read = frameRead(req, withWeeks);
  if (!read) throw notFound();
  return framedOf(await run(deps.knex, read.statement), read.requested, view);
}

/** A 1-based `?week=` (absent: undefined); anything else is a 404. */
function weekQuery(req: Request): number | undefined {
  const parsed = z
    .object({ week: positiveInt().max(52).optional() })
    .safeParse({ week: req.query.week });
  if (!parsed.success) throw notFound();
  return parsed.data.week;
}

export function raceLine(r: RecentRaceDto): RaceLine {
  return {
    subsessionId: r.subsessionId,
    sessionId: r.sessionId,
    startTime: r.startTime,
    week: r.raceWeekNum + 1,
    trackName: r.track.trackName,
    configName: r.track.configName,
    strengthOfField: r.strengthOfField,
    fieldSize: r.fieldSize,
    winner: r.winner ? { id: r.winner.custId, name: r.winner.displayName } : null,
    winnerTeam: r.winner?.teamName ?? null,
    bestLap: r.eventBestLapTime,
  };
}

function carTimeLine(c: CarTimeDto): CarTimeLine {
  return {
    key: `${c.raceWeekNum + 1}-${c.car.carId}`,
    week: c.raceWeekNum + 1,
    trackName: c.track.trackName,
    configName: c.track.configName,
    carName: c.car.carName,
    drivers: c.drivers,
    entries: c.entries,
    bestLap: c.bestLap?.lapTime ?? null,
    bestBy: c.bestLap ? { id: c.bestLap.driver.custId, name: c.bestLap.driver.displayName } : null,
    bestSubsessionId: c.bestLap?.subsessionId ?? null,
    averageBestLap: c.averageBestLapTime,
    averageLap: c.averageLapTime,
  };
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function raceLength(w: SeasonWeekDto): string | null {
  const laps = w.raceLapLimit ? `${w.raceLapLimit} laps` : null;
  const time = w.raceTimeLimitMinutes ? `${w.raceTimeLimitMinutes} min` : null;
  return laps && time ? `${laps} or ${time}` : (laps ?? time);
}

/**
 * The schedule's weeks with end dates and their participation (null: none, or not read), the week
 * running at `now` marked (active seasons only).
 */
export function scheduleWeeks(
  weeks: readonly (SeasonWeekDto & { participation?: WeekParticipationDto | null })[],
  active: boolean,
  now: number,
): ScheduleWeek[] {
  const today = isoDay(now);
  return weeks.map((w, i) => {
    const next = weeks[i + 1];
    const endDate = next
      ? isoDay(Date.parse(`${next.startDate}T00:00:00Z`) - DAY_MS)
      : isoDay(Date.parse(`${w.startDate}T00:00:00Z`) + 6 * DAY_MS);
    return {
      week: w.raceWeekNum + 1,
      startDate: w.startDate,
      endDate,
      trackName: w.track.trackName,
      configName: w.track.configName,
      raceLength: raceLength(w),
      timeSlots: w.timeSlots,
      races: w.participation?.subsessions ?? null,
      starts: w.participation?.drivers ?? null,
      current: active && w.startDate <= today && today <= endDate,
    };
  });
}

const LEADERBOARD_TITLES: [LeaderboardKind, string, string][] = [
  ['race-wins', 'Most wins', 'Wins'],
  ['poles', 'Most poles', 'Poles'],
  ['top-fives', 'Most top fives', 'Top fives'],
  ['races', 'Most races', 'Races'],
];

const bandLabel = (low: number, width: number) =>
  `${low.toLocaleString('en-US')}–${(low + width - 1).toLocaleString('en-US')}`;

type SeriesPage =
  | 'Series/Overview'
  | 'Series/Schedule'
  | 'Series/RecentRaces'
  | 'Series/Stats'
  | 'Series/LapTimes'
  | 'Series/Pace'
  | 'Series/Participation'
  | 'Series/Sof'
  | 'Series/Setups';
/** A view's own props (the frame is added by seriesView). */
type ViewData<C extends SeriesPage> = Omit<Pages[C], 'series'>;

/**
 * A series view: the frame (one statement; with the season's weeks when `withWeeks`), then
 * (when the series has a season) the view's own data, read in one round trip
 * (src/db/batch.ts); `empty` is what the view gets for a series without seasons, or how it reads
 * it. A query's InvalidQueryError (a cursor that does not decode) is a 404.
 */
function seriesView<C extends SeriesPage>(
  view: SeriesView,
  component: C,
  load: (
    req: Request,
    deps: HttpDeps,
    seasonId: number,
    frame: SeriesFrame,
    weeks: SeasonWeekDto[],
  ) => Promise<ViewData<C>>,
  empty: ViewData<C> | ((deps: HttpDeps) => Promise<ViewData<C>>),
  options: { withWeeks?: boolean } = {},
): RouteHandler {
  return async (req, res, deps) => {
    const framed = await loadFrame(req, deps, view, options.withWeeks ?? false);
    let data: ViewData<C>;
    try {
      data =
        framed.seasonId === null
          ? typeof empty === 'function'
            ? await empty(deps)
            : empty
          : await load(req, deps, framed.seasonId, framed.frame, framed.weeks);
    } catch (error) {
      if (error instanceof InvalidQueryError) throw notFound();
      throw error;
    }
    await res.inertia.render(component, { ...data, series: framed.frame } as PagePropsInput<
      Pages[C]
    >);
  };
}

export const showSeriesOverview = seriesView(
  'overview',
  'Series/Overview',
  async (_req, deps, seasonId, frame, schedule) => {
    const now = nowOf(deps).getTime();
    const [summary, recent, winners, upcoming] = await batch(deps.knex, [
      seasonSummaryStatement(seasonId),
      seasonRecentRacesStatement(seasonId, { limit: 5 }),
      seasonLeaderboardStatement(seasonId, 'race-wins', { limit: 5 }),
      frame.season?.active
        ? seriesSlotPredictionsStatement(frame.id, schedule, now, 3)
        : known<SlotPredictionDto[]>([]),
    ]);
    const weeks = scheduleWeeks(schedule, frame.season?.active ?? false, now);
    const week = weeks.find((w) => w.current) ?? null;
    return {
      summary: {
        weeksRaced: summary.weeksRaced,
        races: summary.races,
        entries: summary.entries,
        uniqueDrivers: summary.uniqueDrivers,
        averageStrengthOfField: summary.averageStrengthOfField,
        maxStrengthOfField: summary.maxStrengthOfField,
      },
      thisWeek: week
        ? {
            week: week.week,
            startDate: week.startDate,
            trackName: week.trackName,
            configName: week.configName,
            current: true,
          }
        : null,
      recentRaces: recent.items.map(raceLine),
      topWinners: winners.items.map(leaderLine),
      upcoming,
    };
  },
  { summary: null, thisWeek: null, recentRaces: [], topWinners: [], upcoming: [] },
  { withWeeks: true },
);

function leaderLine(e: LeaderboardEntryDto): LeaderLine {
  return {
    rank: e.rank,
    driver: { id: e.custId, name: e.displayName },
    value: e.value,
    races: e.races,
    wins: e.wins,
    poles: e.poles,
    topFives: e.topFives,
  };
}

export const showSeriesSchedule = seriesView(
  'schedule',
  'Series/Schedule',
  async (_req, deps, seasonId, frame, schedule) => {
    const now = nowOf(deps).getTime();
    const active = frame.season?.active ?? false;
    const [participation, upcoming] = await batch(deps.knex, [
      seasonWeekParticipationStatement(seasonId),
      active
        ? seriesSlotPredictionsStatement(frame.id, schedule, now, 12)
        : known<SlotPredictionDto[]>([]),
    ]);
    const byWeek = new Map(participation.map((p) => [p.raceWeekNum, p]));
    return {
      weeks: scheduleWeeks(
        schedule.map((w) => ({ ...w, participation: byWeek.get(w.raceWeekNum) ?? null })),
        active,
        now,
      ),
      upcoming,
    };
  },
  { weeks: [], upcoming: [] },
  { withWeeks: true },
);

const recentQuery = z.object({ cursor });

export const showSeriesRecentRaces = seriesView(
  'recent-races',
  'Series/RecentRaces',
  async (req, deps, seasonId) => {
    const query = recentQuery.safeParse({ cursor: req.query.cursor });
    if (!query.success) throw notFound();
    const page = await run(
      deps.knex,
      seasonRecentRacesStatement(seasonId, { limit: 25, cursor: query.data.cursor ?? null }),
    );
    return {
      races: page.items.map(raceLine),
      nextCursor: page.nextCursor,
      firstPage: query.data.cursor === undefined,
    };
  },
  { races: [], nextCursor: null, firstPage: true },
);

/**
 * `/series/{id}/stats`, optionally `?asOf=` (docs/as-of.md): the leaderboards, fastest laps and
 * car times of the season as it stood at the end of that day (race time). A malformed date is
 * dropped by a redirect; a date after today or before the data shows today with the reason in the
 * as-of bar, and a `known=` (the season's figures are kept by race time only) shows the page as
 * known now with a notice there. Two round trips: the first race day (the as-of bar's bound and
 * the check of the date) with the frame, then the view's reads (a past day's leaders come named,
 * and a board or the fastest-lap walk that its first read does not settle reads further).
 */
export const showSeriesStats: RouteHandler = async (req, res, deps) => {
  const query = req.query as Record<string, unknown>;
  const asOfState = pageAsOfStatement(deps, query, 'race-time');
  const read = frameRead(req, false);
  const [firstDay, found] = await batch(deps.knex, [
    asOfState.firstDay,
    read?.statement ?? known(null),
  ]);
  const resolved = asOfState.resolve(firstDay);
  if (!resolved.ok) {
    return res.inertia.redirect(`${req.path}${withoutParameters(query, resolved.drop)}`);
  }
  if (!read) throw notFound();
  const framed = framedOf(found, read.requested, 'stats');
  const raceBefore = resolved.asOf.raceBefore;
  const asOf = raceBefore === null ? undefined : new Date(raceBefore);
  const data =
    framed.seasonId === null
      ? { leaderboards: [], fastestLaps: null, carTimes: [] }
      : await seasonStats(deps, framed.seasonId, asOf);
  await res.inertia.render('Series/Stats', {
    asOf: resolved.view,
    ...data,
    series: framed.frame,
  });
};

/**
 * The stats view's figures, today's or at `asOf`, in one round trip: the four leaderboards, the
 * fastest laps of the week the season shows (the latest, or the cut week at `asOf`) and that
 * week's car times.
 */
async function seasonStats(
  deps: HttpDeps,
  seasonId: number,
  asOf: Date | undefined,
): Promise<Omit<ViewData<'Series/Stats'>, 'asOf'>> {
  const grid = seasonLapTimeGridStatement(seasonId, { lastWeek: true, ...(asOf ? { asOf } : {}) });
  const [all, laps, weekTimes] =
    asOf === undefined
      ? await batch(deps.knex, [
          seasonLeaderboardsStatement(seasonId, 10),
          seasonFastestLapsStatement(seasonId, { limit: 10 }),
          grid,
        ])
      : await batch(deps.knex, [
          seasonLeaderboardsAtStatement(seasonId, asOf, 10),
          seasonFastestLapsAsOfStatement(seasonId, asOf, { limit: 10 }),
          grid,
        ]).then(async ([boards, rest, grid]) => {
          const [all, laps] = await Promise.all([boards(deps.knex), rest(deps.knex)]);
          return [all, laps, grid] as const;
        });
  const boards = LEADERBOARD_TITLES.map(([kind, title, valueLabel]): Leaderboard => ({
    kind,
    title,
    valueLabel,
    entries: all[kind].map(leaderLine),
  }));
  const fastest = laps.items[0];
  const track = weekTimes.find((c) => c.raceWeekNum === fastest?.raceWeekNum)?.track ?? null;
  return {
    leaderboards: boards,
    fastestLaps: fastest
      ? {
          week: fastest.raceWeekNum + 1,
          trackName: track?.trackName ?? '',
          configName: track?.configName ?? null,
          laps: laps.items.map((l) => ({
            rank: l.rank,
            driver: { id: l.driver.custId, name: l.driver.displayName },
            carName: l.car.carName,
            lapTime: l.lapTime,
            subsessionId: l.subsessionId,
          })),
        }
      : null,
    // The car times of the week of the laps (none without laps).
    carTimes: fastest
      ? weekTimes.filter((c) => c.raceWeekNum === fastest.raceWeekNum).map(carTimeLine)
      : [],
  };
}

export const showSeriesLapTimes = seriesView(
  'lap-times',
  'Series/LapTimes',
  async (req, deps, seasonId) => {
    const week = weekQuery(req);
    const grid = await run(deps.knex, seasonLapTimeGridStatement(seasonId));
    const weeks = new Map<number, { week: number; trackName: string; configName: string | null }>();
    for (const c of grid) {
      weeks.set(c.raceWeekNum + 1, {
        week: c.raceWeekNum + 1,
        trackName: c.track.trackName,
        configName: c.track.configName,
      });
    }
    if (week !== undefined && !weeks.has(week)) throw notFound();
    return {
      weeks: [...weeks.values()],
      week: week ?? null,
      rows: grid.filter((c) => week === undefined || c.raceWeekNum + 1 === week).map(carTimeLine),
    };
  },
  { weeks: [], week: null, rows: [] },
);

export const showSeriesPace = seriesView(
  'pace',
  'Series/Pace',
  async (req, deps, seasonId) => {
    const week = weekQuery(req);
    const pace = await seasonPace(
      deps.knex,
      seasonId,
      week === undefined ? {} : { raceWeekNum: week - 1 },
    );
    if (week !== undefined && !pace.weeks.some((w) => w.raceWeekNum === week - 1)) {
      throw notFound();
    }
    const lows = [...new Set(pace.cars.flatMap((c) => c.bands.map((b) => b.irating)))].sort(
      (a, b) => a - b,
    );
    return {
      weeks: pace.weeks.map((w) => ({
        week: w.raceWeekNum + 1,
        trackName: w.track.trackName,
        configName: w.track.configName,
      })),
      week: pace.raceWeekNum === null ? null : pace.raceWeekNum + 1,
      bands: lows.map((low) => bandLabel(low, pace.bandWidth)),
      cars: pace.cars.map((c) => {
        const byLow = new Map(c.bands.map((b) => [b.irating, b]));
        return {
          carName: c.car.carName,
          entries: c.entries,
          averageLap: lows.map((low) => byLow.get(low)?.averageLapTime ?? null),
          averageBestLap: lows.map((low) => byLow.get(low)?.averageBestLapTime ?? null),
        };
      }),
    };
  },
  { weeks: [], week: null, bands: [], cars: [] },
);

/** Sums of the season's time slots over its weeks (SoF averaged weighted by splits). */
function slotTotals(slots: readonly TimeSlotParticipationDto[]) {
  const bySlot = new Map<
    string,
    {
      sessions: number;
      races: number;
      entries: number;
      sofWeighted: number;
      sofRaces: number;
      max: number | null;
    }
  >();
  for (const s of slots) {
    const t = bySlot.get(s.timeSlot) ?? {
      sessions: 0,
      races: 0,
      entries: 0,
      sofWeighted: 0,
      sofRaces: 0,
      max: null,
    };
    t.sessions += s.sessions;
    t.races += s.subsessions;
    t.entries += s.drivers;
    if (s.averageStrengthOfField !== null) {
      t.sofWeighted += s.averageStrengthOfField * s.subsessions;
      t.sofRaces += s.subsessions;
    }
    if (s.maxStrengthOfField !== null) t.max = Math.max(t.max ?? 0, s.maxStrengthOfField);
    bySlot.set(s.timeSlot, t);
  }
  return [...bySlot]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([timeSlot, t]) => ({ timeSlot, ...t }));
}

export const showSeriesParticipation = seriesView(
  'participation',
  'Series/Participation',
  async (_req, deps, seasonId, _frame, schedule) => {
    const [weeks, timeSlots] = await batch(deps.knex, [
      seasonWeekParticipationStatement(seasonId),
      seasonParticipationStatement(seasonId),
    ]);
    const tracks = new Map(schedule.map((w) => [w.raceWeekNum, w.track.trackName] as const));
    return {
      weeks: weeks.map((w) => ({
        week: w.raceWeekNum + 1,
        trackName: tracks.get(w.raceWeekNum) ?? null,
        sessions: w.sessions,
        races: w.subsessions,
        entries: w.drivers,
        uniqueDrivers: w.uniqueDrivers,
      })),
      timeSlots: slotTotals(timeSlots).map((t) => ({
        timeSlot: t.timeSlot,
        sessions: t.sessions,
        races: t.races,
        entries: t.entries,
        entriesPerSession: t.sessions > 0 ? Math.round(t.entries / t.sessions) : null,
      })),
    };
  },
  { weeks: [], timeSlots: [] },
  { withWeeks: true },
);

export const showSeriesSof = seriesView(
  'sof',
  'Series/Sof',
  async (_req, deps, seasonId) => {
    const [weeks, timeSlots, strongest] = await batch(deps.knex, [
      seasonWeekParticipationStatement(seasonId),
      seasonParticipationStatement(seasonId),
      seasonStrongestRacesStatement(seasonId, { limit: 10 }),
    ]);
    return {
      weeks: weeks.map((w) => ({
        week: w.raceWeekNum + 1,
        averageStrengthOfField: w.averageStrengthOfField,
        maxStrengthOfField: w.maxStrengthOfField,
      })),
      timeSlots: slotTotals(timeSlots).map((t) => ({
        timeSlot: t.timeSlot,
        races: t.races,
        averageStrengthOfField: t.sofRaces > 0 ? Math.round(t.sofWeighted / t.sofRaces) : null,
        maxStrengthOfField: t.max,
      })),
      strongest: strongest.map(raceLine),
    };
  },
  { weeks: [], timeSlots: [], strongest: [] },
);

const SERIES_SETUPS_PER_PAGE = 25;
const setupsPageQuery = z.object({ page: positiveInt().max(10_000).default(1) });

/**
 * The setups of the series' cars and tracks: those filed under the series, and those for a car
 * raced in the shown season on a track of its schedule (src/queries/setups.ts).
 */
export const showSeriesSetups = seriesView(
  'setups',
  'Series/Setups',
  async (req, deps, seasonId, frame) => {
    const query = setupsPageQuery.safeParse({ page: req.query.page });
    if (!query.success) throw notFound();
    const scope = await seasonCarsAndTracks(deps.knex, seasonId);
    const result = await listSetups(deps.knex, {
      page: query.data.page,
      perPage: SERIES_SETUPS_PER_PAGE,
      sort: 'lapTime',
      seriesScope: { seriesId: frame.id, ...scope },
    });
    if (query.data.page > result.meta.lastPage) throw notFound();
    return { setups: result.data, meta: result.meta };
  },
  { setups: [], meta: { page: 1, perPage: SERIES_SETUPS_PER_PAGE, total: 0, lastPage: 1 } },
);
