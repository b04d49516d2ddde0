import { openProfilesOfTeam } from '../../queries/recruitment.ts';
import { loadFile } from '../../files/store.ts';
import { getTeamBySlug, listTeams, teamEventResults, teamLogoOf } from '../../queries/teams.ts';
import { sendStoredFile } from '../files.ts';
import { HttpError } from '../errors.ts';
import type { RouteHandler } from '../routing/types.ts';
import { TEAMS_PER_PAGE, teamShowQuery, teamSlugParams, teamsIndexQuery } from './schema.ts';

const notFound = () => new HttpError(404, 'This page does not exist.');

/**
 * `/teams?q=&sort=members|irating|name&category=&page=`: teams matching the search, by member
 * count, average iRating in the category, or name. A page past the last one is a 404 (the
 * first page of an empty result is the designed empty state).
 */
export const listTeamsPage: RouteHandler = async (req, res, deps) => {
  const query = teamsIndexQuery.safeParse(req.query);
  if (!query.success) throw notFound();
  const { page, q, sort, category } = query.data;
  const result = await listTeams(deps.knex, { page, perPage: TEAMS_PER_PAGE, q, sort, category });
  if (page > result.meta.lastPage) throw notFound();
  await res.inertia.render('Teams/Index', {
    teams: result.data,
    meta: result.meta,
    filters: { q: q ?? '', sort, category },
  });
};

/**
 * `/teams/{slug}?category=`: a team with its members' live iRating and licence its recent
 * team-event results and its open recruitment profiles. A former slug
 * (before a rename) answers 301 to the current address; an unknown slug is a 404.
 */
export const showTeamPage: RouteHandler = async (req, res, deps) => {
  const params = teamSlugParams.safeParse(req.params);
  const query = teamShowQuery.safeParse(req.query);
  if (!params.success || !query.success) throw notFound();
  const found = await getTeamBySlug(deps.knex, params.data.slug, query.data.category);
  if (!found) throw notFound();
  if (found.kind === 'moved') {
    const search = req.originalUrl.includes('?')
      ? req.originalUrl.slice(req.originalUrl.indexOf('?'))
      : '';
    res.redirect(301, `/teams/${found.slug}${search}`);
    return;
  }
  const [results, recruitment] = await Promise.all([
    teamEventResults(deps.knex, found.team.id),
    openProfilesOfTeam(deps.knex, found.team.id),
  ]);
  await res.inertia.render('Teams/Show', {
    team: found.team,
    category: query.data.category,
    results,
    recruitment,
  });
};

/**
 * `/teams/{slug}/logo?v=`: the team's logo, inline as its image type (PNG, JPEG or WebP; the
 * files module never serves anything else inline), with `nosniff`. The address the pages and
 * the API give carries the start of the logo's SHA-256 in `v`, so that answer may be cached for
 * good; any other is revalidated. A team without a logo, or an unknown slug, is a 404.
 */
export const showTeamLogo: RouteHandler = async (req, res, deps) => {
  const params = teamSlugParams.safeParse(req.params);
  if (!params.success) throw notFound();
  const fileId = await teamLogoOf(deps.knex, params.data.slug);
  const file = fileId ? await loadFile(deps.knex, fileId) : null;
  if (!file || file.kind !== 'team_logo') throw notFound();
  const version = typeof req.query.v === 'string' ? req.query.v : '';
  const current = version.length >= 12 && file.sha256.startsWith(version);
  sendStoredFile(res, file, {
    inline: true,
    cacheControl: current ? 'public, max-age=31536000, immutable' : 'public, no-cache',
  });
};
