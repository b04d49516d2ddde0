import type { LapDataHeader, LapDataRow, WorldRecordRow } from '../../../ingest/schemas/index.ts';
import { CATEGORY_COUNT, categoryIndex, licenceCategory } from '../catalog/categories.ts';
import { carById } from '../catalog/cars.ts';
import { groupName } from '../catalog/licences.ts';
import { apiLapFlags, incidentPoints } from '../sim/lap-model.ts';
import type { TimedSession } from '../sim/race.ts';
import type { SubsessionRecord } from '../sim/records.ts';
import { licenceLevel } from '../sim/settlement.ts';
import { DAY_MS, isoDate, isoSeconds, MINUTE_MS } from '../world/calendar.ts';
import type { DemoWorld } from '../world/world.ts';
import { appearanceOf, countryOf, livery } from './identity.ts';
import { seasonName, seasonShortName } from './naming.ts';

interface BestLaps {
  practice: number;
  practiceDay: number;
  qualify: number;
  qualifyDay: number;
  race: number;
  raceDay: number;
}

/**
 * stats/world_records rows: each member's best practice, qualifying and race lap with one car at
 * one track configuration (optionally one season), fastest race lap first; members without a race
 * lap follow by their best other lap. Replays the matching subsessions (simulating the whole world
 * first: records are all-time).
 */
export function worldRecordRows(
  world: DemoWorld,
  carId: number,
  trackId: number,
  season?: { year: number; quarter: number },
): WorldRecordRow[] {
  world.simulation.advanceAll();
  const best = new Map<number, BestLaps>();
  for (const record of world.simulation.allRecords()) {
    const ss = record.session.seriesSeason;
    if (record.session.week.track.trackId !== trackId || !record.carIds.includes(carId)) continue;
    if (season && (ss.season.year !== season.year || ss.season.quarter !== season.quarter))
      continue;
    const { outcome } = world.simulation.replay(record);
    const day = Math.floor(record.session.startMs / DAY_MS);
    record.carIds.forEach((car, i) => {
      if (car !== carId) return;
      const driver = record.entrants[i] as number;
      const laps = best.get(driver) ?? {
        practice: -1,
        practiceDay: 0,
        qualify: -1,
        qualifyDay: 0,
        race: -1,
        raceDay: 0,
      };
      const take = (time: number, current: number) => time > 0 && (current < 0 || time < current);
      const p = outcome.practice.best[i] as number;
      if (take(p, laps.practice)) Object.assign(laps, { practice: p, practiceDay: day });
      const q = outcome.qualify
        ? (outcome.qualify.best[i] as number)
        : outcome.separateQualTime
          ? (outcome.separateQualTime[i] as number)
          : -1;
      if (take(q, laps.qualify)) Object.assign(laps, { qualify: q, qualifyDay: day });
      const r = outcome.race.best[i] as number;
      if (take(r, laps.race)) Object.assign(laps, { race: r, raceDay: day });
      best.set(driver, laps);
    });
  }
  const sortKey = (b: BestLaps) =>
    b.race > 0 ? b.race : 1e12 + Math.min(...[b.qualify, b.practice].filter((t) => t > 0), 1e12);
  const rows = [...best].filter(([, b]) => b.race > 0 || b.qualify > 0 || b.practice > 0);
  rows.sort(
    (a, b) =>
      sortKey(a[1]) - sortKey(b[1]) ||
      (world.drivers.custId[a[0]] as number) - (world.drivers.custId[b[0]] as number),
  );
  return rows.map(([driver, b]) => worldRecordRow(world, driver, carId, trackId, b, season));
}

function worldRecordRow(
  world: DemoWorld,
  driver: number,
  carId: number,
  trackId: number,
  b: BestLaps,
  season?: { year: number; quarter: number },
): WorldRecordRow {
  const { drivers } = world;
  const country = countryOf(world, driver);
  const seriesCategory = carById(carId).cls.category;
  const cell = driver * CATEGORY_COUNT + categoryIndex(seriesCategory);
  const group = drivers.group[cell] as number;
  const subLevel = drivers.subLevel[cell] as number;
  const category = licenceCategory(seriesCategory);
  const time = (t: number) => (t > 0 ? t : null);
  const date = (t: number, day: number) => (t > 0 ? isoDate(day * DAY_MS) : null);
  return {
    cust_id: drivers.custId[driver] as number,
    display_name: drivers.displayName[driver] as string,
    club_id: country.clubId,
    club_name: country.clubName,
    car_id: carId,
    track_id: trackId,
    season_year: season?.year ?? null,
    season_quarter: season?.quarter ?? null,
    country_code: country.code,
    region: country.region,
    license: {
      category_id: category.id,
      category: category.key,
      license_level: licenceLevel(group, subLevel),
      safety_rating: subLevel / 100,
      irating: drivers.irating[cell],
      tt_rating: drivers.ttRating[driver],
      group_name: groupName(group),
      group_id: group,
    },
    practice_lap_time: time(b.practice),
    practice_date: date(b.practice, b.practiceDay),
    qualify_lap_time: time(b.qualify),
    qualify_date: date(b.qualify, b.qualifyDay),
    tt_lap_time: null,
    tt_date: null,
    race_lap_time: time(b.race),
    race_date: date(b.race, b.raceDay),
  };
}

/**
 * results/lap_data for one member in one simsession of a recorded subsession: the header and the
 * laps (lap 0 = the start, no time). Race laps are the simulated ones; practice and qualifying
 * keep only best and average, so their laps are rebuilt to match both exactly.
 * Returns null when the subsession, simsession or member is not found.
 */
export function lapData(
  world: DemoWorld,
  record: SubsessionRecord,
  simsessionNumber: number,
  custId: number,
): { header: Omit<LapDataHeader, 'chunk_info'>; rows: LapDataRow[] } | null {
  const driver = world.drivers.indexOf(custId);
  if (driver === undefined) return null;
  const entrant = record.entrants.indexOf(driver);
  if (entrant < 0) return null;
  const { outcome, settlement } = world.simulation.replay(record);
  const ss = record.session.seriesSeason;
  const qualifyNumber = outcome.qualify ? -1 : Number.NaN;
  const practiceNumber = outcome.qualify ? -2 : -1;
  let laps: { time: number; events: number }[];
  let simsessionType: number;
  let best: number;
  let bestNum: number;
  if (simsessionNumber === 0) {
    simsessionType = 6;
    const count = outcome.race.laps[entrant] as number;
    const times = outcome.race.lapTimes[entrant] as Int32Array;
    const events = outcome.race.lapEvents[entrant] as Uint8Array;
    laps = Array.from({ length: count }, (_, k) => ({
      time: times[k] as number,
      events: events[k] as number,
    }));
    best = outcome.race.best[entrant] as number;
    bestNum = outcome.race.bestNum[entrant] as number;
  } else if (simsessionNumber === qualifyNumber && outcome.qualify) {
    simsessionType = 4;
    laps = rebuiltLaps(outcome.qualify, entrant);
    best = outcome.qualify.best[entrant] as number;
    bestNum = outcome.qualify.bestNum[entrant] as number;
  } else if (simsessionNumber === practiceNumber) {
    simsessionType = 3;
    laps = rebuiltLaps(outcome.practice, entrant);
    best = outcome.practice.best[entrant] as number;
    bestNum = outcome.practice.bestNum[entrant] as number;
  } else {
    return null;
  }
  const { drivers } = world;
  const appearance = appearanceOf(world, driver);
  const carId = record.carIds[entrant] as number;
  const level = licenceLevel(
    settlement.newGroup[entrant] as number,
    settlement.newSubLevel[entrant] as number,
  );
  const displayName = drivers.displayName[driver] as string;
  const carNumber = String(entrant + 1);
  const startMs = record.session.startMs;
  const header = {
    success: true,
    session_info: {
      subsession_id: record.subsessionId,
      session_id: record.session.sessionId,
      simsession_number: simsessionNumber,
      simsession_type: simsessionType,
      num_laps_for_qual_average: 2,
      num_laps_for_solo_average: 1,
      event_type: 5,
      event_type_name: 'Race',
      private_session_id: -1,
      season_name: seasonName(ss),
      season_short_name: seasonShortName(ss),
      series_name: ss.series.name,
      series_short_name: ss.series.shortName,
      start_time: isoSeconds(startMs),
      track: {
        track_id: record.session.week.track.trackId,
        track_name: record.session.week.track.name,
        config_name: record.session.week.track.config,
      },
    },
    best_lap_num: bestNum,
    best_lap_time: best,
    best_nlaps_num: -1,
    best_nlaps_time: -1,
    best_qual_lap_num: simsessionType === 4 ? bestNum : -1,
    best_qual_lap_time: simsessionType === 4 ? best : -1,
    best_qual_lap_at:
      simsessionType === 4 && best > 0
        ? isoSeconds(startMs + ss.practiceMinutes * MINUTE_MS)
        : null,
    group_id: custId,
    cust_id: custId,
    name: displayName,
    car_id: carId,
    license_level: level,
    livery: livery(appearance, carId, carNumber),
  };
  let sessionTime = 600_000;
  const rows: LapDataRow[] = [
    lapRow(custId, displayName, 0, 0, sessionTime, -1, false, appearance.helmet, level, carNumber),
  ];
  laps.forEach((lap, k) => {
    sessionTime += lap.time;
    rows.push(
      lapRow(
        custId,
        displayName,
        k + 1,
        lap.events,
        sessionTime,
        lap.time,
        k + 1 === bestNum,
        appearance.helmet,
        level,
        carNumber,
      ),
    );
  });
  return { header, rows };
}

function lapRow(
  custId: number,
  displayName: string,
  lapNumber: number,
  events: number,
  sessionTime: number,
  lapTime: number,
  personalBest: boolean,
  helmet: LapDataRow['helmet'],
  level: number,
  carNumber: string,
): LapDataRow {
  const { flags, names } = apiLapFlags(events);
  return {
    group_id: custId,
    name: displayName,
    cust_id: custId,
    display_name: displayName,
    lap_number: lapNumber,
    flags,
    incident: incidentPoints(events) > 0,
    session_time: sessionTime,
    session_start_time: null,
    lap_time: lapTime,
    team_fastest_lap: false,
    personal_best_lap: personalBest,
    helmet,
    license_level: level,
    car_number: carNumber,
    lap_events: names,
    ai: false,
  };
}

/** Laps of a practice or qualifying run that reproduce its best lap (at its lap number) and average. */
function rebuiltLaps(session: TimedSession, entrant: number): { time: number; events: number }[] {
  const count = session.laps[entrant] as number;
  if (count === 0) return [];
  const best = session.best[entrant] as number;
  const bestNum = session.bestNum[entrant] as number;
  const total = (session.average[entrant] as number) * count;
  if (best <= 0)
    return Array.from({ length: count }, () => ({ time: Math.round(total / count), events: 1 }));
  const others = count - 1;
  const rest = others > 0 ? Math.round((total - best) / others) : 0;
  const hadIncident = (session.incidents[entrant] as number) > 0;
  return Array.from({ length: count }, (_, k) =>
    k + 1 === bestNum
      ? { time: best, events: 0 }
      : { time: rest, events: hadIncident && k === 0 ? 1 : 0 },
  );
}
