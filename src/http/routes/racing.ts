import { seasonApiEndpoints } from '../controllers/racing/seasons/api.ts';
import { seriesApiEndpoints } from '../controllers/racing/series/api.ts';
import { subsessionApiEndpoints } from '../controllers/racing/subsessions/api.ts';
import { worldRecordApiEndpoints } from '../controllers/racing/world-records/api.ts';
import { comingSoonRoute } from './coming-soon.ts';
import type { RouteDef } from './types.ts';

/** Series, seasons, sessions, subsessions, world records and statistics (racing data). */
const soon = (def: Parameters<typeof comingSoonRoute>[1]) => comingSoonRoute('Racing data', def);

const seriesViews = [
  ['pace', 'Series pace'],
  ['schedule', 'Series schedule'],
  ['stats', 'Series statistics'],
  ['setups', 'Series setups'],
  ['participation', 'Series participation'],
  ['sof', 'Series strength of field'],
  ['recent-races', 'Series recent races'],
] as const;

export const racingRoutes: RouteDef[] = [
  soon({ name: 'series', path: '/series', title: 'Series' }),
  soon({ name: 'series.show', path: '/series/{id}', title: 'Series' }),
  ...seriesViews.map(([segment, title]) =>
    soon({ name: `series.${segment.replace(/-/g, '_')}`, path: `/series/{id}/${segment}`, title }),
  ),
  soon({ name: 'sessions.show', path: '/sessions/{id}', title: 'Session' }),
  soon({ name: 'subsessions.show', path: '/subsessions/{id}', title: 'Subsession' }),
  soon({ name: 'world_records', path: '/world-records', title: 'World records' }),
  soon({ name: 'stats.irating', path: '/stats/irating', title: 'iRating distribution' }),
  // The JSON API (src/http/controllers/racing): series, seasons, subsessions, world records.
  ...seasonApiEndpoints.map((endpoint) => endpoint.route),
  ...seriesApiEndpoints.map((endpoint) => endpoint.route),
  ...subsessionApiEndpoints.map((endpoint) => endpoint.route),
  ...worldRecordApiEndpoints.map((endpoint) => endpoint.route),
];
