import { loadSetup } from '../../../commands/setups/handlers.ts';
import { SETUP_LIMITS } from '../../../commands/setups/rules.ts';
import { SETUP_TYPES } from '../../../events/setup.ts';
import { listSetups, setupFormOptions } from '../../../queries/setups.ts';
import { HttpError } from '../../errors.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { eventStoreOf } from '../support.ts';
import { ADMIN_SETUPS_PER_PAGE, adminSetupsQuery, lapTimeText, setupIdParams } from './schema.ts';

const notFound = () => new HttpError(404, 'This page does not exist.');

const limits = {
  conditionsMax: SETUP_LIMITS.conditionsMax,
  notesMax: SETUP_LIMITS.notesMax,
  authorMax: SETUP_LIMITS.authorMax,
  fileMaxBytes: SETUP_LIMITS.fileMaxBytes,
};

/** `/admin/setups?page=`: every setup, newest first. */
export const listAdminSetups: RouteHandler = async (req, res, deps) => {
  const query = adminSetupsQuery.safeParse(req.query);
  if (!query.success) throw notFound();
  const list = await listSetups(deps.knex, {
    page: query.data.page,
    perPage: ADMIN_SETUPS_PER_PAGE,
  });
  if (query.data.page > list.meta.lastPage) throw notFound();
  await res.inertia.render('Admin/Setups/Index', { setups: list.data, meta: list.meta });
};

/** `/admin/setups/create`: the empty form with the catalog to pick from. */
export const showCreateSetup: RouteHandler = async (_req, res, deps) => {
  await res.inertia.render('Admin/Setups/Create', {
    limits,
    types: [...SETUP_TYPES],
    options: await setupFormOptions(deps.knex),
  });
};

/** `/admin/setups/{id}`: the edit form at the setup's current revision. */
export const editAdminSetup: RouteHandler = async (req, res, deps) => {
  const params = setupIdParams.safeParse(req.params);
  if (!params.success) throw notFound();
  const { state, revision } = await loadSetup(eventStoreOf(deps), params.data.id);
  if (state.status !== 'active' || revision === 'no_stream') throw notFound();
  await res.inertia.render('Admin/Setups/Edit', {
    setup: {
      id: state.setupId,
      carId: String(state.carId),
      trackId: String(state.trackId),
      seriesId: state.seriesId === null ? '' : String(state.seriesId),
      seasonId: state.seasonId === null ? '' : String(state.seasonId),
      type: state.type,
      lapTime: lapTimeText(state.lapTime),
      conditions: state.conditions ?? '',
      notes: state.notes ?? '',
      author: state.author,
      revision: revision.toString(),
    },
    file: { ...state.file },
    limits,
    types: [...SETUP_TYPES],
    options: await setupFormOptions(deps.knex),
  });
};
