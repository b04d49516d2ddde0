import { formatLinkLines } from '../../../content/links.ts';
import { loadTeam } from '../../../commands/teams/handlers.ts';
import { TEAM_LIMITS } from '../../../commands/teams/rules.ts';
import { listTeams, teamLogoUrl } from '../../../queries/teams.ts';
import { HttpError } from '../../errors.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { eventStoreOf } from '../support.ts';
import { ADMIN_TEAMS_PER_PAGE, adminTeamsQuery, teamIdParams } from './schema.ts';

const notFound = () => new HttpError(404, 'This page does not exist.');

/** `/admin/teams?q=&page=`: every team by name. A page past the end shows an empty list. */
export const listAdminTeams: RouteHandler = async (req, res, deps) => {
  const query = adminTeamsQuery.safeParse(req.query);
  if (!query.success) throw notFound();
  const { page, q } = query.data;
  const list = await listTeams(deps.knex, { page, perPage: ADMIN_TEAMS_PER_PAGE, q, sort: 'name' });
  await res.inertia.render('Admin/Teams/Index', {
    teams: list.data,
    meta: list.meta,
    q: q ?? '',
  });
};

/** `/admin/teams/create`: the empty form. */
export const showCreateTeam: RouteHandler = (_req, res) =>
  res.inertia.render('Admin/Teams/Create', { limits: TEAM_LIMITS });

/**
 * `/admin/teams/{id}`: the edit form, filled from the write side at its current revision (so
 * saving with that revision can only overwrite what the form showed).
 */
export const editAdminTeam: RouteHandler = async (req, res, deps) => {
  const params = teamIdParams.safeParse(req.params);
  if (!params.success) throw notFound();
  const { state, revision } = await loadTeam(eventStoreOf(deps), params.data.id);
  if (state.status !== 'active' || revision === 'no_stream') throw notFound();
  await res.inertia.render('Admin/Teams/Edit', {
    team: {
      id: state.teamId,
      name: state.name,
      slug: state.slug,
      tag: state.tag ?? '',
      description: state.description ?? '',
      links: formatLinkLines(state.links),
      members: state.memberCustIds.join('\n'),
      formerSlugs: state.formerSlugs,
      revision: revision.toString(),
    },
    logo: state.logo
      ? {
          url: teamLogoUrl(state.slug, state.logo.sha256),
          fileName: state.logo.fileName,
          byteSize: state.logo.byteSize,
        }
      : null,
    limits: TEAM_LIMITS,
  });
};
