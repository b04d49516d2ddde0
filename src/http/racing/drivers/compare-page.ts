import { batch } from '../../../db/batch.ts';
import { defaultCategory, type CategoryChoice } from '../../../queries/racing/compared-category.ts';
import {
  comparedDriversStatement,
  iratingBucketsStatement,
} from '../../../queries/racing/drivers.ts';
import {
  driverCareersStatement,
  driverRatingHistoriesStatement,
  type RacePointDto,
} from '../../../queries/racing/driver-profile.ts';
import { headToHeadsStatement } from '../../../queries/racing/head-to-head.ts';
import { HttpError } from '../../errors.ts';
import type { RouteHandler } from '../../routing/types.ts';
import type { ComparedDriver, HeadToHead } from '../../../../web/pages/Drivers/Compare.tsx';
import { HistoryNames, raceHistory } from './race-history.ts';
import { comparePageQuery, driverParams, MAX_COMPARED } from './schema.ts';

const notFound = () => new HttpError(404, 'This page does not exist.');

/**
 * `/drivers/{id}/compare?ids=&category=`: the driver of the path and up to three others side
 * by side (licence and career in the category), their iRating histories overlaid, and each
 * pair head to head in the races they shared. Unknown other ids are listed as missing; more
 * than MAX_COMPARED drivers keep the first ones; an unknown path id is a 404.
 */
export const compareDriversPage: RouteHandler = async (req, res, deps) => {
  const params = driverParams.safeParse(req.params);
  if (!params.success) throw notFound();
  const baseId = params.data.id;
  const canonical = `/drivers/${baseId}/compare`;
  if (req.params.id !== String(baseId)) return res.inertia.redirect(canonical);
  const raw = req.query as Record<string, unknown>;
  const query = comparePageQuery.safeParse(raw);
  if (!query.success) {
    const keep = new URLSearchParams();
    const bad = new Set(query.error.issues.map((i) => String(i.path[0])));
    for (const key of ['ids', 'category']) {
      if (!bad.has(key) && typeof raw[key] === 'string') keep.set(key, raw[key]);
    }
    const text = keep.toString();
    return res.inertia.redirect(text ? `${canonical}?${text}` : canonical);
  }
  const asked = [baseId, ...(query.data.ids ?? []).filter((id) => id !== baseId)].slice(
    0,
    MAX_COMPARED,
  );
  // Five statements in one round trip (src/db/batch.ts), whatever the number of drivers, all
  // reading one snapshot: who they are, their careers, every pair's shared races side by side
  // (an id not found has no races, and its pairs are left out below) and, in the category shown,
  // their histories and the iRating buckets. When the URL names no category, the last two
  // decide the default inside the statement (compared-category.ts) from the same rows the
  // careers and licences come from, so they read the category `defaultCategory` picks below.
  const pairs: [number, number][] = [];
  for (let i = 0; i < asked.length; i++) {
    for (let j = i + 1; j < asked.length; j++) pairs.push([asked[i]!, asked[j]!]);
  }
  const choice: CategoryChoice = query.data.category
    ? { named: query.data.category }
    : { defaultFor: baseId };
  const [{ drivers: known, missing }, careerOf, duelsAsked, historyOf, percentileRank] =
    await batch(
      deps.knex,
      [
        comparedDriversStatement(asked),
        driverCareersStatement(asked),
        headToHeadsStatement(pairs),
        driverRatingHistoriesStatement(asked, choice),
        iratingBucketsStatement(choice),
      ],
      { oneSnapshot: true },
    );
  if (known[0]?.custId !== baseId) throw notFound();
  const careers = known.map((p) => careerOf.get(p.custId) ?? []);
  const category = query.data.category ?? defaultCategory(careers[0]!, known[0].licenses);

  const knownIds = new Set(known.map((p) => p.custId));
  const duels = duelsAsked.filter((d) => knownIds.has(d.aCustId) && knownIds.has(d.bCustId));
  const percentileOf = new Map(
    known.flatMap((p) => {
      const irating = p.licenses.find((l) => l.category === category)?.irating ?? null;
      return irating === null ? [] : [[p.custId, percentileRank(irating)] as const];
    }),
  );
  // Each driver's rated races; the series and track names of all of them in one table.
  const historyNames = new HistoryNames();
  const histories = known.map((p) => {
    const races = (historyOf.get(p.custId) ?? []).filter(
      (h): h is RacePointDto & { irating: number } => h.irating !== null,
    );
    return { ...raceHistory(races, historyNames), irating: races.map((h) => h.irating) };
  });

  const drivers: ComparedDriver[] = known.map((p, i) => {
    const licence = p.licenses.find((l) => l.category === category);
    const career = careers[i]!.find((c) => c.category === category);
    return {
      id: p.custId,
      name: p.displayName,
      countryCode: p.countryCode,
      irating: licence?.irating ?? null,
      safetyRating: licence?.safetyRating ?? null,
      licenceClass: licence?.licenseClass ?? null,
      percentileBelow: percentileOf.get(p.custId) ?? null,
      career: career
        ? {
            starts: career.starts,
            wins: career.wins,
            poles: career.poles,
            topFives: career.topFives,
            laps: career.laps,
            lapsLed: career.lapsLed,
            incidents: career.incidents,
            averageStart: career.averageStart,
            averageFinish: career.averageFinish,
            winRate: career.winRate,
            incidentsPerRace: career.incidentsPerRace,
          }
        : null,
      history: histories[i]!,
    };
  });
  const headToHeads: HeadToHead[] = duels.map((d) => ({
    aId: d.aCustId,
    bId: d.bCustId,
    races: d.races,
    aAhead: d.aAhead,
    bAhead: d.bAhead,
    averageGap: d.averageGap,
    recent: d.recent,
  }));

  await res.inertia.render('Drivers/Compare', {
    category,
    drivers,
    missing,
    headToHeads,
    maxDrivers: MAX_COMPARED,
    historyNames: historyNames.names,
  });
};
