import { batch, known } from '../../../db/batch.ts';
import { isNow } from '../../../domain/as-of.ts';
import {
  driverHeaderStatement,
  driverSubsessionsStatement,
} from '../../../queries/racing/drivers.ts';
import {
  driverCareerBeforeStatement,
  driverCareersStatement,
  driverMostDrivenStatement,
  driverRatingHistoriesStatement,
  driverYearsStatement,
  type CareerFiguresDto,
  type MostDrivenDto,
} from '../../../queries/racing/driver-profile.ts';
import { downsamplePoints } from '../../../queries/racing/downsample.ts';
import { InvalidQueryError } from '../../../queries/racing/paging.ts';
import { isFavoriteDriver } from '../../../queries/favorites.ts';
import { HttpError } from '../../errors.ts';
import type { RouteHandler } from '../../routing/types.ts';
import type {
  CareerFigures,
  CategoryCard,
  MostDriven,
  RecentRace,
} from '../../../../web/pages/Drivers/Show.tsx';
import { pageAsOfDeferred, withoutParameters } from '../shared/as-of.ts';
import { correctionsRead, ratingsAsOfFrom, ratingsAsOfReads } from './as-of-ratings.ts';
import { HistoryNames, raceHistory } from './race-history.ts';
import { driverPageQuery, driverParams } from './schema.ts';

/** Races per page of the profile's recent races. */
export const PROFILE_RACES_PER_PAGE = 10;

const notFound = () => new HttpError(404, 'This page does not exist.');

const careerFigures = (c: CareerFiguresDto): CareerFigures => ({
  starts: c.starts,
  wins: c.wins,
  poles: c.poles,
  topFives: c.topFives,
  laps: c.laps,
  lapsLed: c.lapsLed,
  incidents: c.incidents,
  averageStart: c.averageStart,
  averageFinish: c.averageFinish,
  winRate: c.winRate,
  incidentsPerRace: c.incidentsPerRace,
});

const mostDriven = (m: MostDrivenDto): MostDriven => ({
  id: m.refId,
  name: m.detail ? `${m.name} – ${m.detail}` : m.name,
  starts: m.starts,
  wins: m.wins,
});

/**
 * `/drivers/{id}?category=&races=`: a driver's profile. Cards per category (licence, iRating,
 * percentile, starts), and for the chosen category (default: the one raced most) the iRating
 * and safety rating history race by race, career figures, a per-year table and the most driven
 * series, cars and tracks; the recent races of every category, paged by `races` (a cursor).
 * Unknown or malformed ids are a 404; a malformed query value or a cursor this list did not
 * issue redirects to the canonical URL without it.
 *
 * `?asOf=&known=` (docs/as-of.md) shows the profile at a past race time: ratings from the driver
 * history read model (as known now, or as Pitwall knew them at `known`), with "as shown then"
 * next to "as known now" where a correction changed them; career, years, charts and recent
 * races cut at the race time; no percentile and no most-driven lists (they are today's).
 */
export const showDriver: RouteHandler = async (req, res, deps) => {
  const params = driverParams.safeParse(req.params);
  if (!params.success) throw notFound();
  const custId = params.data.id;
  const canonical = `/drivers/${custId}`;
  if (req.params.id !== String(custId)) return res.inertia.redirect(canonical);
  const raw = req.query as Record<string, unknown>;
  const query = driverPageQuery.safeParse(raw);
  if (!query.success) return res.inertia.redirect(canonical);
  const state = await pageAsOfDeferred({ knex: deps.knex, now: deps.now }, raw);
  if (!state.ok) return res.inertia.redirect(`${canonical}${withoutParameters(raw, state.drop)}`);
  const { asOf } = state;
  const past = !isNow(asOf);
  const raceBefore = asOf.raceBefore;

  let racesRead;
  try {
    racesRead = driverSubsessionsStatement(custId, {
      limit: PROFILE_RACES_PER_PAGE,
      cursor: query.data.races ?? null,
      raceBefore,
    });
  } catch (error) {
    if (error instanceof InvalidQueryError) {
      return res.inertia.redirect(`${canonical}${withoutParameters(raw, new Set(['races']))}`);
    }
    throw error;
  }

  // Two round trips (src/db/batch.ts): what does not depend on the category shown (with the
  // first race day, unless the as-of state needed it already), then what does (and the rating
  // corrections, which depend on the ratings the first one found).
  const [ratingsNow, ratingsThen] = ratingsAsOfReads(custId, asOf);
  const [firstDay, profile, careerNow, careerThen, now, then, races] = await batch(deps.knex, [
    state.firstDay,
    driverHeaderStatement(custId),
    raceBefore === null
      ? driverCareersStatement([custId])
      : known<Map<number, CareerFiguresDto[]> | null>(null),
    raceBefore === null ? known(null) : driverCareerBeforeStatement(custId, raceBefore),
    ratingsNow,
    ratingsThen,
    racesRead,
  ]);
  if (!profile) throw notFound();
  const career = careerThen?.totals ?? careerNow?.get(custId) ?? [];
  const shown = then ?? now;

  const licences = past
    ? [...shown.values()].map((f) => f.license)
    : profile.licenses.filter((l) => l.irating !== null || l.safetyRating !== null);
  const category =
    query.data.category ?? career[0]?.category ?? licences[0]?.category ?? 'sports_car';
  const asOfQuery: Record<string, string> = {};
  if (asOf.day) asOfQuery.asOf = asOf.day;
  if (asOf.known) asOfQuery.known = asOf.known;

  const [[historyOf, years, usage, replaced], isFavorite] = await Promise.all([
    batch(deps.knex, [
      driverRatingHistoriesStatement([custId], category, raceBefore),
      careerThen
        ? known(careerThen.years.get(category) ?? [])
        : driverYearsStatement(custId, category),
      past ? known(null) : driverMostDrivenStatement(custId, category),
      correctionsRead(custId, asOf, now),
    ]),
    req.user ? isFavoriteDriver(deps.knex, req.user.id, custId) : Promise.resolve(false),
  ]);
  const ratings = ratingsAsOfFrom(asOf, now, then, replaced);
  // The chart's points: every race when they are few, else the LTTB choice of each rating.
  const history = downsamplePoints(historyOf.get(custId) ?? [], (p) => Date.parse(p.startTime), [
    (p) => p.irating,
    (p) => p.safetyRating,
  ]);
  const historyNames = new HistoryNames();

  const startsOf = new Map(career.map((c) => [c.category, c.starts]));
  const percentileOf = past
    ? new Map<string, number>()
    : new Map(profile.iratingPercentiles.map((p) => [p.category, p.percentile]));
  const cardCategories = [
    ...new Set([
      ...licences.map((l) => l.category),
      ...career.map((c) => c.category),
      ...ratings.corrections.keys(),
    ]),
  ];
  const categories: CategoryCard[] = cardCategories.map((c) => {
    const licence = licences.find((l) => l.category === c);
    return {
      category: c,
      irating: licence?.irating ?? null,
      safetyRating: licence?.safetyRating ?? null,
      licenceClass: licence?.licenseClass ?? null,
      percentileBelow: percentileOf.get(c) ?? null,
      starts: startsOf.get(c) ?? 0,
      correction: ratings.corrections.get(c) ?? null,
    };
  });
  const chosen = career.find((c) => c.category === category);

  const recent: RecentRace[] = (races?.items ?? []).map((r) => ({
    subsessionId: r.subsessionId,
    startTime: r.startTime,
    seriesId: r.seriesId,
    seriesName: r.seriesName,
    trackName: r.track.configName
      ? `${r.track.trackName} – ${r.track.configName}`
      : r.track.trackName,
    carName: r.car.carName,
    category: r.category,
    startingPosition: r.startingPosition,
    finishPositionInClass: r.finishPositionInClass,
    fieldSize: r.fieldSize,
    incidents: r.incidents,
    newIrating: r.newIrating,
    iratingChange: r.iratingChange,
    strengthOfField: r.strengthOfField,
  }));

  await res.inertia.render('Drivers/Show', {
    asOf: state.view(firstDay),
    asOfQuery,
    driver: {
      id: String(profile.custId),
      name: profile.displayName,
      countryCode: profile.countryCode,
      clubName: profile.clubName,
      memberSince: profile.memberSince,
    },
    isFavorite,
    category,
    categories,
    career: chosen ? careerFigures(chosen) : null,
    years: years.map((y) => ({ year: y.year, ...careerFigures({ ...y, category }) })),
    history: {
      ...raceHistory(history, historyNames),
      irating: history.map((p) => p.irating),
      safetyRating: history.map((p) => p.safetyRating),
    },
    historyNames: historyNames.names,
    recentRaces: {
      items: recent,
      nextCursor: races?.nextCursor ?? null,
      isFirstPage: !query.data.races,
    },
    mostDriven: usage && {
      series: usage.series.map(mostDriven),
      cars: usage.car.map(mostDriven),
      tracks: usage.track.map(mostDriven),
    },
  });
};
