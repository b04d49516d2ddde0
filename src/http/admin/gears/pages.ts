import { loadGear } from '../../../commands/gear/handlers.ts';
import { GEAR_LIMITS } from '../../../commands/gear/rules.ts';
import { GEAR_TYPES } from '../../../events/gear.ts';
import { listGearItems } from '../../../queries/gear.ts';
import { HttpError } from '../../errors.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { eventStoreOf } from '../support.ts';
import { ADMIN_GEAR_PER_PAGE, adminGearQuery, gearIdParams } from './schema.ts';

const notFound = () => new HttpError(404, 'This page does not exist.');

/** `/admin/gears?q=&page=`: every gear item by brand and model. */
export const listAdminGear: RouteHandler = async (req, res, deps) => {
  const query = adminGearQuery.safeParse(req.query);
  if (!query.success) throw notFound();
  const { page, q } = query.data;
  const list = await listGearItems(deps.knex, { page, perPage: ADMIN_GEAR_PER_PAGE, q });
  await res.inertia.render('Admin/Gears/Index', { items: list.data, meta: list.meta, q: q ?? '' });
};

/** `/admin/gears/create`: the empty form. */
export const showCreateGear: RouteHandler = (_req, res) =>
  res.inertia.render('Admin/Gears/Create', { limits: GEAR_LIMITS, types: [...GEAR_TYPES] });

/** `/admin/gears/{id}`: the edit form at the item's current revision. */
export const editAdminGear: RouteHandler = async (req, res, deps) => {
  const params = gearIdParams.safeParse(req.params);
  if (!params.success) throw notFound();
  const { state, revision } = await loadGear(eventStoreOf(deps), params.data.id);
  if (state.status !== 'active' || revision === 'no_stream') throw notFound();
  await res.inertia.render('Admin/Gears/Edit', {
    item: {
      id: state.gearId,
      type: state.type,
      brand: state.brand,
      model: state.model,
      description: state.description ?? '',
      priceMinUsd: state.priceMinUsd === null ? '' : String(state.priceMinUsd),
      priceMaxUsd: state.priceMaxUsd === null ? '' : String(state.priceMaxUsd),
      url: state.url ?? '',
      revision: revision.toString(),
    },
    limits: GEAR_LIMITS,
    types: [...GEAR_TYPES],
  });
};
