import { getDriverProfile } from '../../../queries/racing/drivers.ts';
import { isFavoriteDriver } from '../../../queries/favorites.ts';
import { HttpError } from '../../errors.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { driverParams } from './schema.ts';

/**
 * `/drivers/{id}`: a driver's profile (name, country, club, licence and iRating per category)
 * with the favorite star. An unknown or malformed id is a
 * 404.
 */
export const showDriver: RouteHandler = async (req, res, deps) => {
  const params = driverParams.safeParse(req.params);
  if (!params.success) throw new HttpError(404, 'This page does not exist.');
  const profile = await getDriverProfile(deps.knex, params.data.id);
  if (!profile) throw new HttpError(404, 'This page does not exist.');
  const isFavorite = req.user
    ? await isFavoriteDriver(deps.knex, req.user.id, profile.custId)
    : false;
  await res.inertia.render('Drivers/Show', {
    driver: {
      id: String(profile.custId),
      name: profile.displayName,
      countryCode: profile.countryCode,
      clubName: profile.clubName,
      memberSince: profile.memberSince,
      licences: profile.licenses.map((l) => ({
        category: l.category,
        irating: l.irating,
        licence: l.licence,
      })),
    },
    isFavorite,
  });
};
