import type { Area, RouteDef, RouteHandler } from '../../routing/types.ts';
import type { PageName } from '../../../../web/generated/pages.ts';
import { seriesApiEndpoints } from './api.ts';
import {
  listSeriesPage,
  showSeriesLapTimes,
  showSeriesOverview,
  showSeriesPace,
  showSeriesParticipation,
  showSeriesRecentRaces,
  showSeriesSchedule,
  showSeriesSetups,
  showSeriesSof,
  showSeriesStats,
} from './pages.ts';

const page = (
  name: string,
  path: string,
  component: PageName,
  handler: RouteHandler,
): RouteDef => ({
  name,
  method: 'GET',
  path,
  auth: 'public',
  ssr: true,
  page: component,
  handler,
});

/**
 * Series (racing data): the directory, the series views (a shared layout with tabs and the
 * season picker, `?season=`) and the JSON API.
 */
export const seriesArea: Area = {
  name: 'racing/series',
  routes: [
    page('series', '/series', 'Series/Index', listSeriesPage),
    page('series.show', '/series/{id}', 'Series/Overview', showSeriesOverview),
    page('series.pace', '/series/{id}/pace', 'Series/Pace', showSeriesPace),
    page('series.schedule', '/series/{id}/schedule', 'Series/Schedule', showSeriesSchedule),
    page('series.stats', '/series/{id}/stats', 'Series/Stats', showSeriesStats),
    page('series.setups', '/series/{id}/setups', 'Series/Setups', showSeriesSetups),
    page(
      'series.participation',
      '/series/{id}/participation',
      'Series/Participation',
      showSeriesParticipation,
    ),
    page('series.sof', '/series/{id}/sof', 'Series/Sof', showSeriesSof),
    page(
      'series.recent_races',
      '/series/{id}/recent-races',
      'Series/RecentRaces',
      showSeriesRecentRaces,
    ),
    page('series.lap_times', '/series/{id}/lap-times', 'Series/LapTimes', showSeriesLapTimes),
    ...seriesApiEndpoints.map((endpoint) => endpoint.route),
  ],
  operations: seriesApiEndpoints.map((endpoint) => endpoint.operation),
};
