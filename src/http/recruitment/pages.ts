import type { Request } from 'express';
import { openContact } from '../../commands/recruitment/handlers.ts';
import { RECRUITMENT_LIMITS } from '../../commands/recruitment/rules.ts';
import { USERS_TABLE } from '../../projections/users/tables.ts';
import { InvalidQueryError } from '../../queries/racing/paging.ts';
import {
  getProfile,
  listOpenProfiles,
  profilesOfOwner,
  sealedContactOf,
  type RecruitmentProfileDto,
} from '../../queries/recruitment.ts';
import type { BoardFilters, ProfileFormFields } from '../../../web/pages/Recruitment/types.ts';
import type { AuthUser } from '../../../web/inertia/shared-props.ts';
import { accountsOf } from '../accounts/respond.ts';
import type { HttpDeps } from '../deps.ts';
import { HttpError } from '../errors.ts';
import type { RouteHandler } from '../routing/types.ts';
import { boardOptions, formOptions, profileCards, profileDetail } from './present.ts';
import { boardQuery, profileIdParams, type BoardQuery } from './schema.ts';

export const BOARD_PER_PAGE = 20;

const notFound = () => new HttpError(404, 'This page does not exist.');
const viewerOf = (req: Request, deps: HttpDeps): Promise<AuthUser | null> =>
  deps.resolveUser ? deps.resolveUser(req) : Promise.resolve(null);

/** The board's filters back as the form holds them (strings; '' = any). */
const filtersOf = (q: BoardQuery): BoardFilters => ({
  category: q.category ?? '',
  minIRating: q.minIRating?.toString() ?? '',
  maxIRating: q.maxIRating?.toString() ?? '',
  licence: q.licence ?? '',
  timeZone: q.timeZone ?? '',
  language: q.language ?? '',
  series: q.series?.toString() ?? '',
  sort: q.sort,
});

/** The board's query as the list query takes it. */
export const boardFilters = (kind: 'driver' | 'team', q: BoardQuery) => ({
  kind,
  category: q.category,
  language: q.language,
  timeZone: q.timeZone,
  seriesId: q.series,
  minIRating: q.minIRating,
  maxIRating: q.maxIRating,
  licence: q.licence,
  sort: q.sort,
});

/**
 * `/recruitment` (drivers looking for a team) and `/recruitment/teams` (teams looking for
 * drivers): open profiles with their live racing figures, filtered, newest or highest iRating
 * first, paged by cursor. A malformed filter or cursor names no page: 404.
 */
const boardPage =
  (kind: 'driver' | 'team'): RouteHandler =>
  async (req, res, deps) => {
    const query = boardQuery.safeParse(req.query);
    if (!query.success) throw notFound();
    const q = query.data;
    let page;
    try {
      page = await listOpenProfiles(deps.knex, boardFilters(kind, q), {
        limit: BOARD_PER_PAGE,
        cursor: q.cursor ?? null,
      });
    } catch (err) {
      if (err instanceof InvalidQueryError) throw notFound();
      throw err;
    }
    const [profiles, options, viewer] = await Promise.all([
      profileCards(deps.knex, page.items),
      boardOptions(deps.knex),
      viewerOf(req, deps),
    ]);
    await res.inertia.render('Recruitment/Index', {
      kind,
      profiles,
      filters: filtersOf(q),
      nextCursor: page.nextCursor,
      isFirstPage: !q.cursor,
      options,
      signedIn: viewer !== null,
    });
  };

export const listDriverProfilesPage = boardPage('driver');
export const listTeamProfilesPage = boardPage('team');

/** `/recruitment/mine`: the member's own profiles, open ones first, closed ones after. */
export const myProfilesPage: RouteHandler = async (req, res, deps) => {
  const viewer = await viewerOf(req, deps);
  if (!viewer) throw new HttpError(401, 'Sign in to see your profiles.');
  const own = await profilesOfOwner(deps.knex, viewer.id);
  await res.inertia.render('Recruitment/Mine', {
    profiles: await profileCards(deps.knex, own),
    openCount: own.filter((p) => p.status === 'open').length,
    limits: RECRUITMENT_LIMITS,
  });
};

/** A profile by the path's id: 404 for a malformed or unknown id. */
export async function profileOf(req: Request, deps: HttpDeps): Promise<RecruitmentProfileDto> {
  const params = profileIdParams.safeParse(req.params);
  if (!params.success) throw notFound();
  const profile = await getProfile(deps.knex, params.data.profileId);
  if (!profile) throw notFound();
  return profile;
}

/**
 * `/recruitment/profiles/{id}`: the whole profile with its live record; the contact line only
 * for signed-in members. A closed profile is still shown, marked closed.
 */
export const showProfilePage: RouteHandler = async (req, res, deps) => {
  const [profile, viewer] = await Promise.all([profileOf(req, deps), viewerOf(req, deps)]);
  await res.inertia.render('Recruitment/Show', {
    profile: await profileDetail(deps.knex, accountsOf(deps).keyring, profile, viewer),
    signedIn: viewer !== null,
  });
};

/** `/recruitment/create`: the empty form; the customer id defaults to the account's. */
export const createProfilePage: RouteHandler = async (req, res, deps) => {
  const viewer = await viewerOf(req, deps);
  if (!viewer) throw new HttpError(401, 'Sign in to write a profile.');
  const [options, account, own] = await Promise.all([
    formOptions(deps.knex),
    deps
      .knex(USERS_TABLE)
      .where({ id: viewer.id })
      .first<{ iracing_customer_id: number | null } | undefined>('iracing_customer_id'),
    profilesOfOwner(deps.knex, viewer.id),
  ]);
  await res.inertia.render('Recruitment/Create', {
    options,
    limits: RECRUITMENT_LIMITS,
    openCount: own.filter((p) => p.status === 'open').length,
    accountCustId: account?.iracing_customer_id ?? null,
  });
};

/** The form fields of a stored profile (the contact opened for its owner). */
function formFieldsOf(p: RecruitmentProfileDto, contact: string | null): ProfileFormFields {
  return {
    kind: p.kind,
    title: p.title,
    description: p.description,
    categories: p.categories as ProfileFormFields['categories'],
    seriesIds: p.seriesIds,
    timeZone: p.availability.timeZone,
    days: p.availability.days as ProfileFormFields['days'],
    format: p.availability.format as ProfileFormFields['format'],
    languages: p.languages,
    contact: contact ?? '',
    custId: p.custId?.toString() ?? '',
    teamId: p.teamId ?? '',
    requirements: p.requirements.map((r) => ({
      category: r.category as ProfileFormFields['categories'][number],
      minIRating: r.minIRating?.toString() ?? '',
      minLicence: r.minLicence ?? '',
    })),
  };
}

/** `/recruitment/{id}/edit`: the owner's form, filled in; anyone else gets 403. */
export const editProfilePage: RouteHandler = async (req, res, deps) => {
  const [profile, viewer] = await Promise.all([profileOf(req, deps), viewerOf(req, deps)]);
  if (!viewer) throw new HttpError(401, 'Sign in to edit your profile.');
  if (viewer.id !== profile.ownerId) throw new HttpError(403, 'You may not change this.');
  const keyring = accountsOf(deps).keyring;
  const [options, sealed] = await Promise.all([
    formOptions(deps.knex),
    profile.hasContact ? sealedContactOf(deps.knex, profile.id) : Promise.resolve(null),
  ]);
  const contact = await openContact(deps.knex, keyring, profile.ownerId, sealed);
  await res.inertia.render('Recruitment/Edit', {
    profile: {
      id: profile.id,
      kind: profile.kind,
      status: profile.status,
      expiresAt: profile.expiresAt,
      closeReason: profile.closeReason,
      fields: formFieldsOf(profile, contact),
    },
    options,
    limits: RECRUITMENT_LIMITS,
  });
};
