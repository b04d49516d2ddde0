import type { Knex } from 'knex';
import { z } from 'zod';
import { SIMSESSION_TYPES, type SimsessionType } from '../../../events/racing/results.ts';
import {
  subsessionResults,
  subsessionSplit,
  type ResultRowDto,
  type SubsessionResultsDto,
} from '../../../queries/racing/subsessions.ts';
import type {
  Props,
  ResultClass,
  ResultLine,
  SimsessionTab,
} from '../../../../web/pages/Subsessions/Show.tsx';
import { seriesExists } from '../../../queries/racing/series.ts';
import { HttpError } from '../../errors.ts';
import type { RouteHandler } from '../../routing/types.ts';
import { idParam } from '../shared/params.ts';

/**
 * `/subsessions/{id}?type=race|qualify|practice|warmup`: one split's results, one simsession
 * type per tab (the type is in the URL; default the race, else the last simsession it has).
 * Unknown or malformed ids and unknown types are a 404; a type the subsession did not run shows
 * its tab list with an empty state.
 */

const notFound = () => new HttpError(404, 'This page does not exist.');

export const subsessionPageParams = z.object({ id: idParam('subsession') });
export const subsessionPageQuery = z.object({ type: z.enum(SIMSESSION_TYPES).optional() });

const TAB_LABELS: Record<SimsessionType, string> = {
  race: 'Race',
  qualify: 'Qualifying',
  practice: 'Practice',
  warmup: 'Warmup',
};
/** Tabs in the order a race weekend runs them. */
const TAB_ORDER: readonly SimsessionType[] = ['practice', 'qualify', 'warmup', 'race'];

export const showSubsession: RouteHandler = async (req, res, deps) => {
  const params = subsessionPageParams.safeParse(req.params);
  const query = subsessionPageQuery.safeParse(req.query);
  if (!params.success || !query.success) throw notFound();
  const id = params.data.id;
  const requested = query.data.type;
  let results = await subsessionResults(deps.knex, id, requested ?? 'race');
  if (!results) throw notFound();
  if (!requested && !results.simsession) {
    // No race (a practice-only or qualifying-only session): show the last one it has.
    const last = results.subsession.simsessions.at(-1);
    if (last) results = (await subsessionResults(deps.knex, id, last.type)) ?? results;
  }
  await res.inertia.render(
    'Subsessions/Show',
    await subsessionPageProps(deps.knex, results, requested ?? results.simsession?.type ?? 'race'),
  );
};

/** The page's props from the query's answer (never the raw rows). */
export async function subsessionPageProps(
  knex: Knex,
  results: SubsessionResultsDto,
  type: SimsessionType,
): Promise<Props> {
  const s = results.subsession;
  const [split, seriesPage] = await Promise.all([
    subsessionSplit(knex, s.sessionId, s.subsessionId),
    seriesExists(knex, s.seriesId),
  ]);
  const tabs: SimsessionTab[] = TAB_ORDER.flatMap((t) => {
    const ofType = s.simsessions.filter((x) => x.type === t);
    const main = ofType.at(-1);
    return main ? [{ type: t, label: TAB_LABELS[t], entries: main.entries }] : [];
  });
  return {
    subsession: {
      id: s.subsessionId,
      sessionId: s.sessionId,
      seriesId: s.seriesId,
      seriesName: s.seriesName,
      seriesPage,
      seasonId: s.seasonId,
      seasonName: s.seasonName,
      raceWeek: s.raceWeekNum + 1,
      startTime: s.startTime,
      trackName: s.track.trackName,
      configName: s.track.configName,
      category: s.category,
      official: s.official,
      teamEvent: s.teamEvent,
      strengthOfField: s.strengthOfField,
      fieldSize: s.fieldSize,
      split,
      eventBestLapTime: s.eventBestLapTime,
      eventAverageLap: s.eventAverageLap,
      eventLapsComplete: s.eventLapsComplete,
      numCautions: s.numCautions,
      numLeadChanges: s.numLeadChanges,
    },
    tabs,
    current: type,
    simsessionName: results.simsession?.name ?? null,
    classes: groupByClass(results),
  };
}

/** The rows per car class (in order of the class's best finisher), team events as team lines. */
export function groupByClass(results: SubsessionResultsDto): ResultClass[] {
  const classInfo = new Map(results.subsession.carClasses.map((c) => [c.carClassId, c]));
  const byClass = new Map<number, ResultRowDto[]>();
  for (const row of results.results) {
    const list = byClass.get(row.car.carClassId) ?? [];
    list.push(row);
    byClass.set(row.car.carClassId, list);
  }
  return [...byClass].map(([carClassId, rows]) => {
    const info = classInfo.get(carClassId);
    const lines = results.subsession.teamEvent ? teamLines(rows) : rows.map(driverLine);
    const leaderLaps = Math.max(0, ...lines.map((l) => l.laps));
    for (const line of lines) {
      line.lapsDown = line.gap === null ? Math.max(0, leaderLaps - line.laps) : 0;
    }
    return {
      id: carClassId,
      name: info?.name ?? rows[0]?.car.carClassName ?? 'Class',
      shortName: info?.shortName ?? rows[0]?.car.carClassName ?? null,
      strengthOfField: info?.strengthOfField ?? null,
      entries: lines.length,
      lines,
    };
  });
}

function driverLine(r: ResultRowDto): ResultLine {
  const oldSr = r.oldLicense?.safetyRating ?? null;
  const newSr = r.newLicense?.safetyRating ?? null;
  return {
    key: `d${r.driver.custId}`,
    position: r.finishPosition,
    classPosition: r.finishPositionInClass,
    carName: r.car.carName,
    carClass: r.car.carClassName,
    driver: { id: r.driver.custId, name: r.driver.displayName, countryCode: r.driver.countryCode },
    team: r.team ? { id: r.team.teamId, name: r.team.teamName ?? `Team ${r.team.teamId}` } : null,
    start: r.startingPosition,
    laps: r.lapsComplete,
    lapsLed: r.lapsLed,
    gap: r.gapToLeader,
    lapsDown: 0,
    bestLap: r.bestLapTime,
    averageLap: r.averageLap,
    incidents: r.incidents,
    oldIrating: r.oldIrating,
    newIrating: r.newIrating,
    iratingChange: r.iratingChange,
    oldSafetyRating: oldSr,
    newSafetyRating: newSr,
    safetyRatingChange:
      oldSr !== null && newSr !== null ? Math.round((newSr - oldSr) * 100) / 100 : null,
    licence: r.newLicense?.licence ?? r.oldLicense?.licence ?? null,
    licenceClass: r.newLicense?.licenseClass ?? r.oldLicense?.licenseClass ?? null,
    reasonOut: r.reasonOut,
    drivers: [],
  };
}

const minOf = (values: (number | null)[]): number | null => {
  const known = values.filter((v): v is number => v !== null && v > 0);
  return known.length > 0 ? Math.min(...known) : null;
};

/**
 * A team event's rows (one per driver, each carrying the team's positions and interval) folded
 * into one line per team: laps, laps led and incidents summed, best lap the fastest, the
 * average weighted by laps; the drivers under it with their own figures and rating changes.
 */
function teamLines(rows: ResultRowDto[]): ResultLine[] {
  const byTeam = new Map<number, ResultRowDto[]>();
  const loose: ResultRowDto[] = [];
  for (const row of rows) {
    if (!row.team) {
      loose.push(row);
      continue;
    }
    const list = byTeam.get(row.team.teamId) ?? [];
    list.push(row);
    byTeam.set(row.team.teamId, list);
  }
  const teams = [...byTeam].map(([teamId, members]): ResultLine => {
    const first = members[0]!;
    const drivers = members.map(driverLine);
    const laps = drivers.reduce((n, d) => n + d.laps, 0);
    const weighted = drivers.filter((d) => d.averageLap !== null && d.averageLap > 0 && d.laps > 0);
    const weightedLaps = weighted.reduce((n, d) => n + d.laps, 0);
    return {
      key: `t${teamId}`,
      position: first.finishPosition,
      classPosition: first.finishPositionInClass,
      carName: first.car.carName,
      carClass: first.car.carClassName,
      driver: null,
      team: { id: teamId, name: first.team?.teamName ?? `Team ${teamId}` },
      start: first.startingPosition,
      laps,
      lapsLed: drivers.reduce((n, d) => n + d.lapsLed, 0),
      gap: first.gapToLeader,
      lapsDown: 0,
      bestLap: minOf(drivers.map((d) => d.bestLap)),
      averageLap:
        weightedLaps > 0
          ? Math.round(weighted.reduce((n, d) => n + d.averageLap! * d.laps, 0) / weightedLaps)
          : null,
      incidents: drivers.reduce((n, d) => n + d.incidents, 0),
      oldIrating: null,
      newIrating: null,
      iratingChange: null,
      oldSafetyRating: null,
      newSafetyRating: null,
      safetyRatingChange: null,
      licence: null,
      licenceClass: null,
      reasonOut: first.reasonOut,
      drivers,
    };
  });
  return [...teams, ...loose.map(driverLine)].sort((a, b) => a.position - b.position);
}
