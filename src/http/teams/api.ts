import { openProfilesOfTeam } from '../../queries/recruitment.ts';
import { getTeamBySlug, listTeams, teamEventResults } from '../../queries/teams.ts';
import { HttpError } from '../errors.ts';
import type { RouteHandler } from '../routing/types.ts';
import { apiTeamsQuery, teamShowQuery, teamSlugParams } from './schema.ts';

const badRequest = (issues: unknown) =>
  new HttpError(400, 'Invalid query parameters.', 'bad_request', issues);

/**
 * `GET /api/teams?q=&sort=&category=&page=&perPage=`: teams as
 * `{data: TeamSummary[], meta: {page, perPage, total, lastPage}}`. A page past the end has
 * empty `data`. Bad parameters: 400 with zod's issues.
 */
export const listTeamsApi: RouteHandler = async (req, res, deps) => {
  const query = apiTeamsQuery.safeParse(req.query);
  if (!query.success) throw badRequest(query.error.issues);
  const { page, perPage, q, sort, category } = query.data;
  res.json(await listTeams(deps.knex, { page, perPage, q, sort, category }));
};

/**
 * `GET /api/teams/{slug}?category=`: one team as its page shows it, as `{data: TeamDetail}`:
 * members with their licences, the recent team-event results and the open recruitment profiles. A former slug answers 301 to the current one; an unknown slug is a 404.
 */
export const showTeamApi: RouteHandler = async (req, res, deps) => {
  const params = teamSlugParams.safeParse(req.params);
  if (!params.success) throw new HttpError(404, `No team ${String(req.params.slug)}.`);
  const query = teamShowQuery.safeParse(req.query);
  if (!query.success) throw badRequest(query.error.issues);
  const found = await getTeamBySlug(deps.knex, params.data.slug, query.data.category);
  if (!found) throw new HttpError(404, `No team ${params.data.slug}.`);
  if (found.kind === 'moved') {
    res.redirect(301, `/api/teams/${found.slug}`);
    return;
  }
  const [results, recruitment] = await Promise.all([
    teamEventResults(deps.knex, found.team.id),
    openProfilesOfTeam(deps.knex, found.team.id),
  ]);
  res.json({ data: { ...found.team, results, recruitment } });
};
