import type { Knex } from 'knex';
import { InvalidQueryError } from '../../queries/racing/paging.ts';
import { recruitmentStats } from '../../queries/recruitment-stats.ts';
import {
  listOpenProfiles,
  profilesOfOwner,
  type RecruitmentProfileDto,
} from '../../queries/recruitment.ts';
import { HttpError } from '../errors.ts';
import { parse } from '../racing/shared/endpoint.ts';
import type { RouteHandler } from '../routing/types.ts';
import type { ApiRecruitmentProfile } from './openapi.ts';
import { boardFilters } from './pages.ts';
import { profileCards } from './present.ts';
import { apiBoardQuery } from './schema.ts';

/**
 * The recruitment JSON API. Answers are not cached (a member's own write must show at once),
 * and never carry a contact line (that is for signed-in members on the site).
 */
async function apiProfiles(
  knex: Knex,
  profiles: readonly (RecruitmentProfileDto & { rating?: number | null })[],
): Promise<ApiRecruitmentProfile[]> {
  const [cards, stats] = await Promise.all([
    profileCards(knex, profiles),
    recruitmentStats(knex, profiles),
  ]);
  return profiles.map((p, i) => {
    const s = stats.get(p.id);
    const card = cards[i]!;
    return {
      id: p.id,
      kind: p.kind,
      status: p.status,
      title: p.title,
      description: p.description,
      categories: card.categories,
      series: card.series,
      availability: card.availability,
      languages: p.languages,
      requirements: card.requirements,
      hasContact: p.hasContact,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
      expiresAt: p.expiresAt,
      closeReason: p.closeReason,
      rating: p.rating ?? null,
      driver: s?.kind === 'driver' ? s.driver : null,
      team: s?.kind === 'team' ? s.team : null,
    };
  });
}

const board =
  (kind: 'driver' | 'team'): RouteHandler =>
  async (req, res, deps) => {
    const q = parse(apiBoardQuery, req.query, 'query');
    let page;
    try {
      page = await listOpenProfiles(deps.knex, boardFilters(kind, q), {
        limit: q.limit,
        cursor: q.cursor ?? null,
      });
    } catch (err) {
      if (err instanceof InvalidQueryError) {
        throw new HttpError(
          400,
          `Invalid query parameter ${err.parameter}: ${err.message}.`,
          'bad_request',
          [{ path: [err.parameter], message: err.message, in: 'query' }],
        );
      }
      throw err;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.json({
      data: await apiProfiles(deps.knex, page.items),
      meta: { perPage: q.limit, nextCursor: page.nextCursor },
    });
  };

/** GET /api/recruitment/drivers: open driver profiles, `{data, meta: {perPage, nextCursor}}`. */
export const driversApi = board('driver');
/** GET /api/recruitment/teams: open team profiles, `{data, meta: {perPage, nextCursor}}`. */
export const teamsApi = board('team');

/** GET /api/recruitment/mine: the signed-in member's profiles, `{data, meta: {total}}`. */
export const mineApi: RouteHandler = async (req, res, deps) => {
  const user = deps.resolveUser ? await deps.resolveUser(req) : null;
  if (!user) throw new HttpError(401, 'Sign in first.');
  const own = await profilesOfOwner(deps.knex, user.id);
  res.setHeader('Cache-Control', 'private, no-store');
  res.json({ data: await apiProfiles(deps.knex, own), meta: { total: own.length } });
};
