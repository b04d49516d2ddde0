import { describe, expect, it } from 'vitest';
import {
  applyRacingEvents,
  buildSubsession,
  raceRow,
  rowsOf,
  subsessionFromFixture,
  useRacingDatabase,
} from '../racing/testing.ts';
import {
  SEASON_DRIVER_COUNTS_TABLE,
  SEASON_DRIVER_STATS_TABLE,
  SEASON_STANDINGS_TABLE,
  SEASON_WEEK_DRIVER_STATS_TABLE,
} from './tables.ts';

const db = useRacingDatabase();

/** The season's number of drivers as kept (null: no row). */
const driverCount = async (seasonId: number) =>
  ((await rowsOf(db.knex, SEASON_DRIVER_COUNTS_TABLE, { season_id: seasonId }))[0]?.drivers ??
    null) as number | null;

const stats = (seasonId: number) =>
  rowsOf(db.knex, SEASON_DRIVER_STATS_TABLE, { season_id: seasonId }, ['cust_id']).then((rows) =>
    rows.map((r) => ({
      cust: r.cust_id,
      races: r.races,
      wins: r.wins,
      poles: r.poles,
      top5: r.top_fives,
      laps: r.laps,
      inc: r.incidents,
    })),
  );

describe('season leaderboards read model', () => {
  it('counts class wins, class poles and top fives of a multiclass fixture race', async () => {
    const data = subsessionFromFixture('GetSubSessionResultSuccessfulAsync');
    await applyRacingEvents(db.knex, [{ type: 'SubsessionResultsRecorded', data }]);
    const rows = await rowsOf(db.knex, SEASON_DRIVER_STATS_TABLE, { season_id: 3620 });
    expect(rows).toHaveLength(19);
    // One winner per class (two classes), one pole per class, five top fives per class at most.
    expect(rows.reduce((n, r) => n + Number(r.wins), 0)).toBe(2);
    expect(rows.reduce((n, r) => n + Number(r.poles), 0)).toBe(2);
    expect(rows.reduce((n, r) => n + Number(r.top_fives), 0)).toBe(10);
    expect(rows.find((r) => r.cust_id === 147876)).toMatchObject({
      races: 1,
      wins: 1,
      laps_led: 4,
      category: 'road',
    });
  });

  it('adds up races of a season and replaces a corrected race’s contribution', async () => {
    const season = 9001;
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 11,
          seasonId: season,
          race: [raceRow(1, 1), raceRow(2, 2, { incidents: 4 })],
        }),
      },
    ]);
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 12,
          seasonId: season,
          race: [
            raceRow(2, 1, { startingPositionInClass: 2 }),
            raceRow(1, 6, { startingPositionInClass: 1 }),
          ],
        }),
      },
    ]);
    expect(await stats(season)).toEqual([
      { cust: 1, races: 2, wins: 1, poles: 2, top5: 1, laps: 40, inc: 0 },
      { cust: 2, races: 2, wins: 1, poles: 0, top5: 2, laps: 40, inc: 4 },
    ]);
    expect(await driverCount(season)).toBe(2);
    // Race 11 is corrected: driver 2 is removed, driver 3 takes second place.
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({
          subsessionId: 11,
          seasonId: season,
          race: [raceRow(1, 1), raceRow(3, 2)],
        }),
      },
    ]);
    expect(await stats(season)).toEqual([
      { cust: 1, races: 2, wins: 1, poles: 2, top5: 1, laps: 40, inc: 0 },
      { cust: 2, races: 1, wins: 1, poles: 0, top5: 1, laps: 20, inc: 0 },
      { cust: 3, races: 1, wins: 0, poles: 0, top5: 1, laps: 20, inc: 0 },
    ]);
    expect(await driverCount(season)).toBe(3);
    // A correction that removes a driver's only race removes the driver from the season.
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({ subsessionId: 11, seasonId: season, race: [raceRow(1, 1)] }),
      },
    ]);
    expect((await stats(season)).map((s) => s.cust)).toEqual([1, 2]);
    expect(await driverCount(season)).toBe(2);
    // Nobody left: the season has no row.
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({ subsessionId: 11, seasonId: season, race: [] }),
      },
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({ subsessionId: 12, seasonId: season, race: [] }),
      },
    ]);
    expect(await stats(season)).toEqual([]);
    expect(await driverCount(season)).toBeNull();
  });

  it('credits team drivers who drove, not those who sat out, and ignores non-race events', async () => {
    const season = 9002;
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 21,
          seasonId: season,
          teamEvent: true,
          race: [
            raceRow(5, 1, { teamId: -7, teamName: 'Team Seven', lapsComplete: 12 }),
            raceRow(6, 1, { teamId: -7, teamName: 'Team Seven', lapsComplete: 0 }),
          ],
        }),
      },
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 22,
          seasonId: season,
          eventType: 'practice',
          race: [raceRow(7, 1)],
        }),
      },
    ]);
    expect(await stats(season)).toEqual([
      { cust: 5, races: 1, wins: 1, poles: 1, top5: 1, laps: 12, inc: 0 },
    ]);
  });
});

describe('season leaderboards per week', () => {
  it('keeps a row per season, week and driver that moves with corrections', async () => {
    const season = 9003;
    const weekRows = () =>
      rowsOf(db.knex, SEASON_WEEK_DRIVER_STATS_TABLE, { season_id: season }, [
        'race_week_num',
        'cust_id',
      ]).then((rows) => rows.map((r) => [r.race_week_num, r.cust_id, r.races, r.wins]));
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 31,
          seasonId: season,
          raceWeekNum: 0,
          race: [raceRow(1, 1), raceRow(2, 2)],
        }),
      },
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 32,
          seasonId: season,
          raceWeekNum: 0,
          race: [raceRow(2, 1), raceRow(1, 2)],
        }),
      },
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 33,
          seasonId: season,
          raceWeekNum: 1,
          race: [raceRow(1, 1), raceRow(3, 2)],
        }),
      },
    ]);
    expect(await weekRows()).toEqual([
      [0, 1, 2, 1],
      [0, 2, 2, 1],
      [1, 1, 1, 1],
      [1, 3, 1, 0],
    ]);
    // Week 1's race loses driver 3 and is won by driver 2.
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({
          subsessionId: 33,
          seasonId: season,
          raceWeekNum: 1,
          race: [raceRow(2, 1), raceRow(1, 2)],
        }),
      },
    ]);
    expect(await weekRows()).toEqual([
      [0, 1, 2, 1],
      [0, 2, 2, 1],
      [1, 1, 1, 0],
      [1, 2, 1, 1],
    ]);
  });
});

describe('season standings per week', () => {
  const season = 9004;
  const recorded = (subsessionId: number, raceWeekNum: number, custIds: number[]) => ({
    type: 'SubsessionResultsRecorded' as const,
    data: buildSubsession({
      subsessionId,
      seasonId: season,
      raceWeekNum,
      race: custIds.map((custId, i) => raceRow(custId, i + 1)),
    }),
  });
  const corrected = (subsessionId: number, raceWeekNum: number, custIds: number[]) => ({
    ...recorded(subsessionId, raceWeekNum, custIds),
    type: 'SubsessionResultsCorrected' as const,
  });
  /** [week, driver, races, wins] through the end of each week. */
  const standings = () =>
    rowsOf(db.knex, SEASON_STANDINGS_TABLE, { season_id: season }, [
      'race_week_num',
      'cust_id',
    ]).then((rows) => rows.map((r) => [r.race_week_num, r.cust_id, r.races, r.wins]));
  /** The same from the weekly rows: every week from a driver's first to the season's last. */
  const fromWeeks = async () => {
    const weeks = await rowsOf(db.knex, SEASON_WEEK_DRIVER_STATS_TABLE, { season_id: season }, [
      'race_week_num',
      'cust_id',
    ]);
    const last = Math.max(...weeks.map((r) => Number(r.race_week_num)));
    const out: number[][] = [];
    for (let week = 0; week <= last; week++) {
      for (const cust of [...new Set(weeks.map((r) => Number(r.cust_id)))].sort((a, b) => a - b)) {
        const mine = weeks.filter((r) => r.cust_id === cust && Number(r.race_week_num) <= week);
        if (mine.length === 0) continue;
        const sum = (k: string) => mine.reduce((n, r) => n + Number(r[k]), 0);
        out.push([week, cust, sum('races'), sum('wins')]);
      }
    }
    return out;
  };

  it('carries every driver to each new week and moves his later weeks with a correction', async () => {
    // One batch: weeks 0 and 2 (week 1 not raced: carried through).
    await applyRacingEvents(db.knex, [recorded(41, 0, [1, 2]), recorded(42, 2, [2, 3])]);
    expect(await standings()).toEqual([
      [0, 1, 1, 1],
      [0, 2, 1, 0],
      [1, 1, 1, 1],
      [1, 2, 1, 0],
      [2, 1, 1, 1],
      [2, 2, 2, 1],
      [2, 3, 1, 0],
    ]);
    // A new week in its own batch carries everyone forward; a late race of week 1 brings
    // driver 4 in from week 1 and moves driver 3's weeks from week 1 on.
    await applyRacingEvents(db.knex, [recorded(43, 3, [1])]);
    await applyRacingEvents(db.knex, [recorded(44, 1, [3, 4])]);
    expect(await standings()).toEqual([
      [0, 1, 1, 1],
      [0, 2, 1, 0],
      [1, 1, 1, 1],
      [1, 2, 1, 0],
      [1, 3, 1, 1],
      [1, 4, 1, 0],
      [2, 1, 1, 1],
      [2, 2, 2, 1],
      [2, 3, 2, 1],
      [2, 4, 1, 0],
      [3, 1, 2, 2],
      [3, 2, 2, 1],
      [3, 3, 2, 1],
      [3, 4, 1, 0],
    ]);
    expect(await standings()).toEqual(await fromWeeks());
  });

  it('drops a driver a correction takes out, and the weeks nobody raced any more', async () => {
    // Driver 4's only race loses him; week 3's only race is corrected to none of its drivers
    // counting (a team row without laps), so the season ends at week 2 again.
    await applyRacingEvents(db.knex, [corrected(44, 1, [3])]);
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsCorrected',
        data: buildSubsession({
          subsessionId: 43,
          seasonId: season,
          raceWeekNum: 3,
          race: [raceRow(1, 1, { teamId: 5, teamName: 'T', lapsComplete: 0 })],
        }),
      },
    ]);
    const rows = await standings();
    expect(rows.filter((r) => r[1] === 4)).toEqual([]);
    expect(Math.max(...rows.map((r) => Number(r[0])))).toBe(2);
    expect(rows).toEqual(await fromWeeks());
  });
});
