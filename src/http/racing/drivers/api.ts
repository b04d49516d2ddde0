import { searchDriverHits } from '../../../queries/racing/driver-search.ts';
import { driverRatingsAsOf } from '../../../queries/racing/as-of.ts';
import { driverCareer, driverCareerBefore } from '../../../queries/racing/driver-profile.ts';
import {
  compareDrivers,
  driverSubsessions,
  getDriverName,
  listDrivers,
} from '../../../queries/racing/drivers.ts';
import { listDriversAt } from '../../../queries/racing/drivers-as-of.ts';
import { apiAsOf } from '../shared/as-of.ts';
import { paged, wholeJson } from '../shared/dto.ts';
import { apiRaceTimeAsOf } from '../shared/race-time.ts';
import { apiEndpoint, notFound } from '../shared/endpoint.ts';
import {
  compareDriversQuery,
  driverAsOfQuery,
  driverAsOfResponse,
  driverComparisonResponse,
  driverIdParams,
  driverListResponse,
  driverSearchResponse,
  driverSubsessionsQuery,
  driverSubsessionsResponse,
  listDriversQuery,
  searchDriversQuery,
} from './schema.ts';

const tag = 'Drivers';

export const listDriversApi = apiEndpoint({
  name: 'api.drivers',
  path: '/api/drivers',
  tag,
  summary: 'Drivers by iRating or by name, optionally of one country',
  description:
    "With `asOf`: the list as it stood at the end of that day (race time): each driver's rating and licence then, and starts and wins counted up to then; sorts irating, safety_rating, licence and name (starts and wins are a 400).",
  query: listDriversQuery,
  response: driverListResponse,
  run: async ({ query, knex, now }) => {
    const at = await apiRaceTimeAsOf({ knex, now }, query);
    return paged(
      at === null ? await listDrivers(knex, query) : await listDriversAt(knex, { ...query, at }),
      query.limit,
    );
  },
});

export const searchDriversApi = apiEndpoint({
  name: 'api.drivers.search',
  path: '/api/drivers/search',
  tag,
  summary: 'Find drivers by name (or exact customer id)',
  description:
    'Names whose first word or a later word starts with `q` (search as you type), and for 3+ characters names containing `q` when that finds too few. Ranking: exact customer id, exact name, name starting with `q`, a word starting with it, a fragment; then trigram similarity.',
  query: searchDriversQuery,
  response: driverSearchResponse,
  run: async ({ query, knex }) => wholeJson(await searchDriverHits(knex, query)),
});

export const compareDriversApi = apiEndpoint({
  name: 'api.drivers.compare',
  path: '/api/drivers/compare',
  tag,
  summary: 'Licences and career totals of 2–4 drivers side by side',
  description:
    'Unknown ids are listed in `data.missing`; the answer is 404 only when none is known.',
  query: compareDriversQuery,
  response: driverComparisonResponse,
  canBeNotFound: true,
  run: async ({ query, knex }) => {
    const comparison = await compareDrivers(knex, query.ids);
    if (comparison.drivers.length === 0) throw notFound('driver among', query.ids.join(', '));
    return { data: comparison, meta: {} };
  },
});

export const driverSubsessionsApi = apiEndpoint({
  name: 'api.drivers.subsessions',
  path: '/api/drivers/{id}/subsessions',
  tag,
  summary: "A driver's races, newest first",
  params: driverIdParams,
  query: driverSubsessionsQuery,
  response: driverSubsessionsResponse,
  canBeNotFound: true,
  run: async ({ params, query, knex }) => {
    const page = await driverSubsessions(knex, params.id, query);
    if (!page) throw notFound('driver', params.id);
    return paged(page, query.limit);
  },
});

export const driverAsOfApi = apiEndpoint({
  name: 'api.drivers.show',
  path: '/api/drivers/{id}',
  tag,
  summary: "A driver's licences and career as of a date",
  description:
    'With `asOf` (race time) the ratings after the last race that started by the end of that UTC day, and the career of the races by then; with `known` (learned time) the ratings as Pitwall had recorded them by then, before any later correction. Without either: today, as known now. A date after today or before the first race Pitwall holds is a 400 naming it (docs/as-of.md).',
  params: driverIdParams,
  query: driverAsOfQuery,
  response: driverAsOfResponse,
  canBeNotFound: true,
  run: async ({ params, query, knex, now }) => {
    const asOf = await apiAsOf({ knex, now }, query);
    const [driver, ratings, career] = await Promise.all([
      getDriverName(knex, params.id),
      driverRatingsAsOf(knex, params.id, asOf),
      asOf.raceBefore === null
        ? driverCareer(knex, params.id)
        : driverCareerBefore(knex, params.id, asOf.raceBefore).then((c) => c.totals),
    ]);
    if (!driver) throw notFound('driver', params.id);
    return {
      data: {
        custId: driver.custId,
        displayName: driver.displayName,
        countryCode: driver.countryCode,
        asOf: asOf.day,
        known: asOf.known,
        licenses: [...ratings.values()].map((f) => {
          const { ttRating: _tt, ...license } = f.license;
          return {
            ...license,
            since: f.validFrom,
            recordedAt: f.recordedAt,
            subsessionId: f.subsessionId,
          };
        }),
        career: career.map((c) => ({
          category: c.category,
          starts: c.starts,
          wins: c.wins,
          poles: c.poles,
          topFives: c.topFives,
          laps: c.laps,
          lapsLed: c.lapsLed,
          incidents: c.incidents,
          winRate: c.winRate,
          incidentsPerRace: c.incidentsPerRace,
        })),
      },
      meta: {},
    };
  },
});

export const driverApiEndpoints = [
  listDriversApi,
  searchDriversApi,
  compareDriversApi,
  driverSubsessionsApi,
  driverAsOfApi,
];
