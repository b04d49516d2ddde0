import { seasonLeaderboard, type LeaderboardKind } from '../../../queries/racing/leaderboards.ts';
import {
  seasonCarTimes,
  seasonExists,
  seasonFastestLaps,
  seasonRecentRaces,
  seasonScheduleJson,
} from '../../../queries/racing/seasons.ts';
import { seasonOverview, seasonParticipationByWeek } from '../../../queries/racing/season-stats.ts';
import type { Knex } from '../../../db/knex.ts';
import type { Page } from '../../../queries/racing/paging.ts';
import type { AsOfDeps } from '../shared/as-of.ts';
import { apiRaceTimeAsOf } from '../shared/race-time.ts';
import { itemJson, paged } from '../shared/dto.ts';
import {
  apiEndpoint,
  found,
  notFound,
  type ApiEndpoint,
  type EndpointInput,
} from '../shared/endpoint.ts';
import {
  carTimesQuery,
  carTimesResponse,
  fastestLapsQuery,
  fastestLapsResponse,
  leaderboardQuery,
  leaderboardResponse,
  participationQuery,
  recentRacesQuery,
  recentRacesResponse,
  scheduleResponse,
  seasonIdParams,
  seasonOverviewResponse,
  seasonParticipationResponse,
} from './schema.ts';

const tag = 'Seasons';

/**
 * The query's options for a season read: `asOf` (and `known`, refused) become the race-time
 * bound of shared/race-time.ts (absent for today).
 */
async function withAsOf<Q extends { asOf?: string | undefined; known?: string | undefined }>(
  deps: AsOfDeps,
  query: Q,
): Promise<Omit<Q, 'asOf' | 'known'> & { asOf?: Date }> {
  const before = await apiRaceTimeAsOf(deps, query);
  const { asOf: _asOf, known: _known, ...rest } = query;
  return before === null ? rest : { ...rest, asOf: new Date(before) };
}

/**
 * A page of a season list, or a 404 when the season is unknown. A page with items proves the
 * season exists, so the existence check (a second round trip) runs only for an empty page: an
 * empty page of a known season is an empty list, of an unknown one a 404.
 */
async function ofKnownSeason<T>(
  knex: Knex,
  seasonId: number,
  page: Promise<Page<T>>,
): Promise<Page<T>> {
  const result = await page;
  if (result.items.length === 0 && !(await seasonExists(knex, seasonId))) {
    throw notFound('season', seasonId);
  }
  return result;
}

/**
 * The `run` of a season list endpoint: the page `read` answers for the query (its `asOf`, where
 * the list takes one, as the race-time bound of shared/race-time.ts), or a 404 when the page is
 * empty and the season unknown.
 */
function seasonList<
  Q extends { limit: number; asOf?: string | undefined; known?: string | undefined },
  T,
>(
  read: (
    knex: Knex,
    seasonId: number,
    options: Omit<Q, 'asOf' | 'known'> & { asOf?: Date },
  ) => Promise<Page<T>>,
) {
  return async ({ params, query, knex, now }: EndpointInput<{ id: number }, Q>) => {
    const options = await withAsOf({ knex, now }, query);
    return paged(await ofKnownSeason(knex, params.id, read(knex, params.id, options)), query.limit);
  };
}

export const seasonCarTimesApi = apiEndpoint({
  name: 'api.seasons.car_times',
  path: '/api/seasons/{id}/car-times',
  tag,
  summary: 'Best and average lap times per week and car',
  params: seasonIdParams,
  query: carTimesQuery,
  response: carTimesResponse,
  canBeNotFound: true,
  run: seasonList(seasonCarTimes),
});

export const seasonScheduleApi = apiEndpoint({
  name: 'api.seasons.schedule',
  path: '/api/seasons/{id}/schedule',
  tag,
  summary: "The season and its weekly schedule, with each week's participation",
  params: seasonIdParams,
  response: scheduleResponse,
  canBeNotFound: true,
  run: async ({ params, knex }) => {
    const schedule = await seasonScheduleJson(knex, params.id);
    if (schedule === null) throw notFound('season', params.id);
    return itemJson(schedule);
  },
});

export const seasonRecentRacesApi = apiEndpoint({
  name: 'api.seasons.recent_races',
  path: '/api/seasons/{id}/recent-races',
  tag,
  summary: "The season's races (subsessions), newest first",
  params: seasonIdParams,
  query: recentRacesQuery,
  response: recentRacesResponse,
  canBeNotFound: true,
  run: seasonList(seasonRecentRaces),
});

export const seasonFastestLapsApi = apiEndpoint({
  name: 'api.seasons.fastest_laps',
  path: '/api/seasons/{id}/fastest-laps',
  tag,
  summary: "Each driver's best race lap of one week, fastest first",
  params: seasonIdParams,
  query: fastestLapsQuery,
  response: fastestLapsResponse,
  canBeNotFound: true,
  run: seasonList(seasonFastestLaps),
});

const leaderboards: readonly [LeaderboardKind, string, string, string][] = [
  ['race-wins', 'race-wins-leaderboard', 'race_wins_leaderboard', 'Most race wins'],
  ['poles', 'most-poles-leaderboard', 'most_poles_leaderboard', 'Most poles'],
  [
    'top-fives',
    'most-tops-five-leaderboard',
    'most_tops_five_leaderboard',
    'Most top-five finishes',
  ],
  ['races', 'most-races-leaderboard', 'most_races_leaderboard', 'Most races started'],
];

export const seasonLeaderboardApis: ApiEndpoint[] = leaderboards.map(
  ([kind, segment, name, summary]) =>
    apiEndpoint({
      name: `api.seasons.${name}`,
      path: `/api/seasons/{id}/${segment}`,
      tag,
      summary: `${summary} in the season`,
      description:
        'Drivers with at least one; highest first, ties by the lower customer id. With asOf: the season as it stood at the end of that day (races started before the next midnight UTC).',
      params: seasonIdParams,
      query: leaderboardQuery,
      response: leaderboardResponse,
      canBeNotFound: true,
      run: seasonList((knex, seasonId, options) =>
        seasonLeaderboard(knex, seasonId, kind, options),
      ),
    }),
);

export const seasonApi = apiEndpoint({
  name: 'api.seasons.show',
  path: '/api/seasons/{id}',
  tag,
  summary: 'The season and its totals (races, entries, distinct drivers, strength of field)',
  params: seasonIdParams,
  response: seasonOverviewResponse,
  canBeNotFound: true,
  run: async ({ params, knex }) =>
    found('season', params.id, await seasonOverview(knex, params.id)),
});

export const seasonParticipationApi = apiEndpoint({
  name: 'api.seasons.participation',
  path: '/api/seasons/{id}/participation',
  tag,
  summary: 'Entries, distinct drivers and strength of field per week and per time slot',
  params: seasonIdParams,
  query: participationQuery,
  response: seasonParticipationResponse,
  canBeNotFound: true,
  run: async ({ params, query, knex }) => {
    const participation = await seasonParticipationByWeek(knex, params.id, query);
    if (participation.timeSlots.length === 0 && !(await seasonExists(knex, params.id)))
      throw notFound('season', params.id);
    return { data: participation, meta: {} };
  },
});

export const seasonApiEndpoints: ApiEndpoint[] = [
  seasonApi,
  seasonParticipationApi,
  seasonCarTimesApi,
  seasonScheduleApi,
  seasonRecentRacesApi,
  seasonFastestLapsApi,
  ...seasonLeaderboardApis,
];
