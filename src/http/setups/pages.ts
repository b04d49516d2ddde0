import { loadFile } from '../../files/store.ts';
import {
  countSetupDownload,
  getSetup,
  listSetups,
  setupFileOf,
  setupFilterOptions,
} from '../../queries/setups.ts';
import { HttpError } from '../errors.ts';
import { sendStoredFile } from '../files.ts';
import type { RouteHandler } from '../routing/types.ts';
import { SETUPS_PER_PAGE, setupIdParams, setupsIndexQuery } from './schema.ts';

const notFound = () => new HttpError(404, 'This page does not exist.');

/** `/setups?car=&track=&series=&type=&sort=&page=`: the setup catalog, filtered and sorted. */
export const listSetupsPage: RouteHandler = async (req, res, deps) => {
  const query = setupsIndexQuery.safeParse(req.query);
  if (!query.success) throw notFound();
  const { page, car, track, series, type, sort } = query.data;
  const [result, options] = await Promise.all([
    listSetups(deps.knex, {
      page,
      perPage: SETUPS_PER_PAGE,
      carId: car,
      trackId: track,
      seriesId: series,
      type,
      sort,
    }),
    setupFilterOptions(deps.knex),
  ]);
  if (page > result.meta.lastPage) throw notFound();
  await res.inertia.render('Setups/Index', {
    setups: result.data,
    meta: result.meta,
    filters: {
      car: car ?? null,
      track: track ?? null,
      series: series ?? null,
      type: type ?? null,
      sort,
    },
    options,
  });
};

/** `/setups/{id}`: one setup with its file's details and the download button. */
export const showSetupPage: RouteHandler = async (req, res, deps) => {
  const params = setupIdParams.safeParse(req.params);
  if (!params.success) throw notFound();
  const setup = await getSetup(deps.knex, params.data.id);
  if (!setup) throw notFound();
  await res.inertia.render('Setups/Show', { setup });
};

/**
 * `/setups/{id}/download`: the setup file, byte for byte, as an attachment; each answer adds
 * one to the setup's download counter (docs/community.md, "Downloads").
 */
export const downloadSetup: RouteHandler = async (req, res, deps) => {
  const params = setupIdParams.safeParse(req.params);
  if (!params.success) throw notFound();
  const ref = await setupFileOf(deps.knex, params.data.id);
  const file = ref ? await loadFile(deps.knex, ref.fileId) : null;
  if (!ref || !file) throw notFound();
  await countSetupDownload(deps.knex, params.data.id);
  sendStoredFile(res, { ...file, fileName: ref.fileName });
};
