import type {
  ChartData,
  DriverSearchRow,
  MemberGetResponse,
  MemberInfo,
  MemberLicence,
} from '../../../ingest/schemas/index.ts';
import { CATEGORY_COUNT, LICENCE_CATEGORIES } from '../catalog/categories.ts';
import { groupColour, groupName } from '../catalog/licences.ts';
import { licenceLevel } from '../sim/settlement.ts';
import { Random, Stream } from '../random.ts';
import { DAY_MS, isoDate } from '../world/calendar.ts';
import { STARTING_IRATING } from '../world/drivers.ts';
import type { DemoWorld } from '../world/world.ts';
import { appearanceOf, countryOf } from './identity.ts';

/**
 * member/get as of the world's "now" (every race week simulated first). Unknown ids are left
 * out, as the API does. Licences follow the recorded order (oval, sports car, formula car, dirt
 * oval, dirt road); `irating` is omitted for a category never raced.
 */
export function memberGet(
  world: DemoWorld,
  custIds: readonly number[],
  includeLicences: boolean,
): MemberGetResponse {
  world.simulation.advanceAll();
  const members: MemberInfo[] = [];
  for (const custId of custIds) {
    const driver = world.drivers.indexOf(custId);
    if (driver === undefined) continue;
    members.push(memberInfo(world, driver, includeLicences));
  }
  return { success: true, cust_ids: [...custIds], members };
}

function memberInfo(world: DemoWorld, driver: number, includeLicences: boolean): MemberInfo {
  const { drivers } = world;
  const country = countryOf(world, driver);
  const info: MemberInfo = {
    cust_id: drivers.custId[driver] as number,
    display_name: drivers.displayName[driver] as string,
    helmet: appearanceOf(world, driver).helmet,
    last_login: new Date(
      Math.min(world.nowMs, drivers.lastLoginMs[driver] as number),
    ).toISOString(),
    member_since: isoDate((drivers.memberSinceDay[driver] as number) * DAY_MS),
    flair_id: country.flairId,
    flair_name: country.flairName,
    flair_shortname: country.flairShortName,
    ai: false,
  };
  if (includeLicences)
    info.licenses = LICENCE_CATEGORIES.map((_, column) => licence(world, driver, column));
  return info;
}

function licence(world: DemoWorld, driver: number, column: number): MemberLicence {
  const { drivers } = world;
  const category = LICENCE_CATEGORIES[column] ?? LICENCE_CATEGORIES[0];
  const cell = driver * CATEGORY_COUNT + column;
  const group = drivers.group[cell] as number;
  const subLevel = drivers.subLevel[cell] as number;
  const raced = (drivers.starts[cell] as number) > 0;
  return {
    category_id: category?.id ?? 1,
    category: category?.key ?? 'oval',
    category_name: category?.name ?? 'Oval',
    license_level: licenceLevel(group, subLevel),
    safety_rating: subLevel / 100,
    cpi: Math.round((drivers.cpi[cell] as number) * 1e6) / 1e6,
    ...(raced ? { irating: drivers.irating[cell] } : {}),
    tt_rating: drivers.ttRating[driver],
    mpr_num_races: drivers.seasonStarts[cell],
    color: groupColour(group),
    group_name: groupName(group),
    group_id: group,
    pro_promotable: false,
    seq: category?.seq ?? column + 1,
    mpr_num_tts: 0,
  };
}

/**
 * member/chart_data. chart_type 1 (iRating): the history before the simulated seasons is a
 * smooth walk from 1350 at the member's first race to the value the world started with (a point
 * every 10–30 days), then one point per day with races (the day's last value, as recorded).
 * chart_type 2 (TT rating): one flat point. chart_type 3 (licence) is not modelled and answers an
 * empty history, as do unknown members and categories never raced.
 */
export function memberChartData(
  world: DemoWorld,
  custId: number,
  categoryId: number,
  chartType: number,
): ChartData {
  const empty: ChartData = {
    blackout: false,
    category_id: categoryId,
    chart_type: chartType,
    success: true,
    cust_id: custId,
    data: [],
  };
  const driver = world.drivers.indexOf(custId);
  const column = LICENCE_CATEGORIES.findIndex((c) => c.id === categoryId);
  if (driver === undefined || column < 0) return empty;
  world.simulation.advanceAll();
  const { drivers } = world;
  const cell = driver * CATEGORY_COUNT + column;
  if ((drivers.starts[cell] as number) === 0) return empty;
  if (chartType === 2) {
    const since = Math.max(
      (drivers.memberSinceDay[driver] as number) * DAY_MS,
      world.startMs - 365 * DAY_MS,
    );
    return {
      ...empty,
      data: [{ when: isoDate(since), value: drivers.ttRating[driver] as number }],
    };
  }
  if (chartType !== 1) return empty;
  const simulated = world.simulation.chart.series(driver, column, CATEGORY_COUNT, drivers.count);
  const history = priorHistory(world, driver, column);
  return {
    ...empty,
    data: [
      ...history,
      ...simulated.map((p) => ({ when: isoDate(p.day * DAY_MS), value: p.value })),
    ],
  };
}

/** The iRating path before the simulated seasons: 1350 at the first race, ending near the value the world started from. */
function priorHistory(
  world: DemoWorld,
  driver: number,
  column: number,
): { when: string; value: number }[] {
  const { drivers } = world;
  const cell = driver * CATEGORY_COUNT + column;
  if ((drivers.initialStarts[cell] as number) === 0) return [];
  const startValue = drivers.initialIrating[cell] as number;
  const rng = Random.derive(world.options.seed, Stream.chartHistory, driver, column);
  const joined = (drivers.memberSinceDay[driver] as number) * DAY_MS + rng.between(1, 20) * DAY_MS;
  const end = world.startMs - DAY_MS;
  if (joined >= end) return [];
  const span = end - joined;
  const steps = Math.min(80, Math.max(1, Math.floor(span / (rng.between(10, 30) * DAY_MS))));
  const points: { when: string; value: number }[] = [];
  let noise = 0;
  for (let k = 0; k <= steps; k++) {
    const t = k / steps;
    noise = noise * 0.8 + rng.gaussian(0, 60);
    const bridge = STARTING_IRATING + (startValue - STARTING_IRATING) * Math.sqrt(t);
    const value =
      k === 0 ? STARTING_IRATING : Math.max(100, Math.round(bridge + noise * (1 - t) * 2));
    points.push({ when: isoDate(joined + Math.round(span * t)), value });
  }
  return points;
}

/** lookup/drivers: members whose name contains the term (case-insensitive) or whose id is it; at most 25. */
export function searchDrivers(world: DemoWorld, term: string): DriverSearchRow[] {
  const needle = term.trim().toLowerCase();
  if (needle.length === 0) return [];
  const { drivers } = world;
  const out: DriverSearchRow[] = [];
  for (let i = 0; i < drivers.count && out.length < 25; i++) {
    const name = drivers.displayName[i] as string;
    if (String(drivers.custId[i]) === needle || name.toLowerCase().includes(needle)) {
      out.push({
        cust_id: drivers.custId[i] as number,
        display_name: name,
        helmet: appearanceOf(world, i).helmet,
      });
    }
  }
  return out;
}
