import { HttpError } from '../errors.ts';
import type { RouteHandler } from '../routing/types.ts';
import { listFavoriteDrivers } from '../../queries/favorites.ts';
import { batch } from '../../db/batch.ts';
import { homeRacingStatement } from '../../queries/racing/home.ts';
import { nowOf, pageAsOfDeferred, withoutParameters } from '../racing/shared/as-of.ts';

/** Drivers per category in "Top drivers", races in "Notable races", series in "This week". */
const HOME_RACING = { topDrivers: 5, notableRaces: 6, seriesWeeks: 4 };
import {
  getPublishedArticleBySlug,
  latestPublishedArticlesStatement,
  listPublishedArticles,
} from '../../queries/articles.ts';
import { HOME_LATEST_COUNT, NEWS_PER_PAGE, newsIndexQuery, newsShowParams } from './schema.ts';

const notFound = () => new HttpError(404, 'This page does not exist.');

/**
 * `/`: racing data up front (top drivers, the strongest races of the last days, this week in the
 * busiest series), the latest published news, and the signed-in member's favorite drivers.
 * `?asOf=` (docs/as-of.md) shows the top drivers as they stood at the end of that day (race time,
 * as known now); the rest of the page is today's. A malformed date is dropped by a redirect; a
 * `known` is not applied, and the as-of bar says so.
 */
export const showHome: RouteHandler = async (req, res, deps) => {
  const query = req.query as Record<string, unknown>;
  const resolved = await pageAsOfDeferred(deps, query, 'race-time');
  if (!resolved.ok) return res.inertia.redirect(`/${withoutParameters(query, resolved.drop)}`);
  // One round trip: the first race day (unless the as-of check read it), the news, the racing.
  const [[firstDay, latestArticles, racing], user] = await Promise.all([
    batch(deps.knex, [
      resolved.firstDay,
      latestPublishedArticlesStatement(HOME_LATEST_COUNT),
      homeRacingStatement(HOME_RACING, nowOf(deps), resolved.asOf.raceBefore),
    ]),
    deps.resolveUser ? deps.resolveUser(req) : Promise.resolve(null),
  ]);
  const { topDrivers, notableRaces: notable, seriesWeeks: weeks } = racing;
  // The member's favorites (src/queries/favorites.ts): drivers they starred, by name.
  const favoriteDrivers = user ? await listFavoriteDrivers(deps.knex, user.id) : null;
  await res.inertia.render('Home/Index', {
    asOf: resolved.view(firstDay),
    latestArticles,
    favoriteDrivers,
    topDrivers: topDrivers.map((t) => ({
      category: t.category,
      drivers: t.drivers.map((d) => ({ id: d.custId, name: d.displayName, irating: d.irating })),
    })),
    notableRaces: notable.map((r) => ({
      subsessionId: r.subsessionId,
      series: { id: r.seriesId, name: r.seriesName },
      category: r.category,
      startTime: r.startTime,
      trackName: r.track.trackName,
      configName: r.track.configName,
      strengthOfField: r.strengthOfField,
      fieldSize: r.fieldSize,
      winner: r.winner ? { id: r.winner.custId, name: r.winner.displayName } : null,
      winnerTeam: r.winner?.teamName ?? null,
    })),
    seriesThisWeek: weeks.map((w) => ({
      series: { id: w.seriesId, name: w.seriesName },
      category: w.category,
      week: w.raceWeekNum + 1,
      startDate: w.startDate,
      running: w.running,
      trackName: w.track.trackName,
      configName: w.track.configName,
      entries: w.entries,
      races: w.races,
      drivers: w.drivers,
    })),
  });
};

/** `/news?page=n`: published articles, newest first. A page past the last one is a 404. */
export const listNews: RouteHandler = async (req, res, deps) => {
  const query = newsIndexQuery.safeParse(req.query);
  if (!query.success) throw notFound();
  const result = await listPublishedArticles(deps.knex, {
    page: query.data.page,
    perPage: NEWS_PER_PAGE,
  });
  if (query.data.page > result.meta.lastPage) throw notFound();
  await res.inertia.render('News/Index', { articles: result.data, meta: result.meta });
};

/** `/news/{slug}`: one published article; unknown or unpublished slugs are a 404. */
export const showNews: RouteHandler = async (req, res, deps) => {
  const params = newsShowParams.safeParse(req.params);
  if (!params.success) throw notFound();
  const article = await getPublishedArticleBySlug(deps.knex, params.data.slug);
  if (!article) throw notFound();
  await res.inertia.render('News/Show', { article });
};

/** The site's own pages: static content, rendered like every public page. */
export const showChangelog: RouteHandler = (_req, res) =>
  res.inertia.render('Content/Changelog', {});
export const showPrivacyPolicy: RouteHandler = (_req, res) =>
  res.inertia.render('Content/Privacy', {});
export const showTerms: RouteHandler = (_req, res) => res.inertia.render('Content/Terms', {});
