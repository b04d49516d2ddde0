import { formatLinkLines } from '../../../content/links.ts';
import { loadPro } from '../../../commands/pros/handlers.ts';
import { PRO_LIMITS } from '../../../commands/pros/rules.ts';
import { listGearChoices } from '../../../queries/gear.ts';
import { listPros } from '../../../queries/pros.ts';
import { HttpError } from '../../errors.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { eventStoreOf } from '../support.ts';
import { ADMIN_PROS_PER_PAGE, adminProsQuery, proIdParams } from './schema.ts';

const notFound = () => new HttpError(404, 'This page does not exist.');

/** `/admin/pros?q=&page=`: every pro by name. */
export const listAdminPros: RouteHandler = async (req, res, deps) => {
  const query = adminProsQuery.safeParse(req.query);
  if (!query.success) throw notFound();
  const { page, q } = query.data;
  const list = await listPros(deps.knex, { page, perPage: ADMIN_PROS_PER_PAGE, q });
  await res.inertia.render('Admin/Pros/Index', { pros: list.data, meta: list.meta, q: q ?? '' });
};

/** `/admin/pros/create`: the empty form. */
export const showCreatePro: RouteHandler = async (_req, res, deps) =>
  res.inertia.render('Admin/Pros/Create', {
    limits: PRO_LIMITS,
    gear: await listGearChoices(deps.knex),
  });

/** `/admin/pros/{id}`: the edit form at the pro's current revision (write side). */
export const editAdminPro: RouteHandler = async (req, res, deps) => {
  const params = proIdParams.safeParse(req.params);
  if (!params.success) throw notFound();
  const { state, revision } = await loadPro(eventStoreOf(deps), params.data.id);
  if (state.status !== 'active' || revision === 'no_stream') throw notFound();
  const gear = await listGearChoices(deps.knex);
  // An item deleted since it was chosen is not offered: saving the form drops it.
  const known = new Set(gear.map((g) => g.id));
  await res.inertia.render('Admin/Pros/Edit', {
    pro: {
      id: state.proId,
      name: state.name,
      custId: state.custId === null ? '' : String(state.custId),
      countryCode: state.countryCode ?? '',
      background: state.background ?? '',
      teamName: state.teamName ?? '',
      bioMarkdown: state.bioMarkdown,
      links: formatLinkLines(state.links),
      gearIds: state.gearIds.filter((id) => known.has(id)),
      revision: revision.toString(),
    },
    limits: PRO_LIMITS,
    gear,
  });
};
