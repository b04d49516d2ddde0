import { describe, expect, it } from 'vitest';
import type { CarClassSummary } from '../../events/racing/results.ts';
import {
  applyRacingEvents,
  NAMES_NEEDING_ESCAPES,
  buildSubsession,
  raceRow,
  useRacingDatabase,
} from '../../projections/racing/testing.ts';
import { RESULTS_TABLE, SUBSESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import { seedRacingDataset } from './dataset.test-support.ts';
import { toLicense } from './shapes.ts';
import { subsessionResults, type ResultRowDto, type SubsessionResultsDto } from './subsessions.ts';

/**
 * A subsession's result rows travel from PostgreSQL as arrays of their values and are shaped by
 * position: the answer must be exactly the DTO shaped from the table's rows by column name, for
 * the recorded fixtures (multiclass, team event) and for every value a row's columns can hold.
 */

const db = useRacingDatabase({ seed: seedRacingDataset });

type Row = Record<string, number | string | null>;

/** The DTO of a racing_results row of a subsession, shaped in JavaScript. */
function shapeRow(r: Row, category: string, classes: CarClassSummary[]): ResultRowDto {
  const n = (k: string) => r[k] as number | null;
  const licence = (level: number | null, subLevel: number | null) =>
    level === null && subLevel === null
      ? null
      : toLicense({
          category,
          irating: null,
          sub_level: subLevel,
          license_level: level,
          license_group: null,
          tt_rating: null,
        });
  const shortName = new Map(classes.map((c) => [c.carClassId, c.shortName]));
  return {
    driver: {
      custId: n('cust_id')!,
      displayName: r.display_name as string,
      countryCode: r.country_code as string | null,
      clubName: r.club_name as string | null,
    },
    team: r.team_id === null ? null : { teamId: n('team_id')!, teamName: r.team_name as string },
    car: {
      carId: n('car_id')!,
      carName: r.car_name as string,
      carClassId: n('car_class_id')!,
      carClassName: shortName.get(n('car_class_id')!) ?? null,
    },
    finishPosition: n('finish_position')!,
    finishPositionInClass: n('finish_position_in_class')!,
    startingPosition: n('starting_position'),
    startingPositionInClass: n('starting_position_in_class'),
    lapsComplete: n('laps_complete')!,
    lapsLed: n('laps_led')!,
    incidents: n('incidents')!,
    bestLapTime: n('best_lap_time'),
    bestLapNum: n('best_lap_num'),
    averageLap: n('average_lap'),
    qualLapTime: n('qual_lap_time'),
    gapToLeader: n('gap_to_leader'),
    oldIrating: n('old_irating'),
    newIrating: n('new_irating'),
    iratingChange:
      n('old_irating') !== null && n('new_irating') !== null
        ? n('new_irating')! - n('old_irating')!
        : null,
    oldLicense: licence(n('old_license_level'), n('old_sub_level')),
    newLicense: licence(n('new_license_level'), n('new_sub_level')),
    reasonOut: r.reason_out as string,
    champPoints: n('champ_points'),
  };
}

/** The text the answer must be: its own subsession and simsession, the rows shaped here. */
async function expectedText(id: number, answer: SubsessionResultsDto): Promise<string> {
  const { simsession, subsession } = answer;
  const rows = simsession
    ? ((await db
        .knex(RESULTS_TABLE)
        .where({ subsession_id: id, simsession_number: simsession.simsessionNumber })
        .orderBy(['finish_position', 'cust_id'])) as Row[])
    : [];
  return JSON.stringify({
    subsession,
    simsession,
    results: rows.map((r) => shapeRow(r, subsession.category, subsession.carClasses)),
  });
}

async function expectEveryAnswerShapedAlike(ids: number[]) {
  let rows = 0;
  for (const id of ids) {
    for (const type of ['practice', 'qualify', 'warmup', 'race']) {
      const answer = await subsessionResults(db.knex, id, type);
      expect(answer).not.toBeNull();
      expect(JSON.stringify(answer)).toBe(await expectedText(id, answer!));
      rows += answer!.results.length;
    }
  }
  return rows;
}

describe("a subsession's results", () => {
  it('are the DTO of the rows for the recorded subsessions (multiclass, team event)', async () => {
    const ids = (await db.knex(SUBSESSIONS_TABLE).pluck('subsession_id')) as number[];
    expect(ids.length).toBeGreaterThan(5);
    expect(await expectEveryAnswerShapedAlike(ids)).toBeGreaterThan(60);
  });

  it('carry names that need escaping, teams, unknown car classes and missing values alike', async () => {
    const names = NAMES_NEEDING_ESCAPES;
    await applyRacingEvents(db.knex, [
      {
        type: 'SubsessionResultsRecorded',
        data: buildSubsession({
          subsessionId: 9001,
          category: 'dirt_road',
          teamEvent: true,
          carClasses: [
            {
              carClassId: 1,
              name: 'Class "One"',
              shortName: 'C\\1 "x"',
              strengthOfField: 1500,
              numEntries: 3,
              carIds: [1],
            },
            {
              carClassId: 4005,
              name: 'GT3',
              shortName: 'GT3 ✓',
              strengthOfField: null,
              numEntries: null,
              carIds: [132],
            },
          ],
          race: names.map((name, i) =>
            raceRow(700 + i, i + 1, {
              displayName: name,
              countryCode: i % 2 ? null : 'D"E',
              clubName: i % 3 ? name : null,
              teamId: i % 2 ? 90 + i : null,
              teamName: i % 2 ? (i === 3 ? null : `Team ${name}`) : null,
              carName: name,
              carClassId: [1, 4005, 77][i % 3]!,
              startingPosition: i === 2 ? null : i + 1,
              startingPositionInClass: i === 2 ? null : 1,
              bestLapTime: i === 1 ? null : 1_000_000 + i,
              bestLapNum: i === 1 ? null : i,
              averageLap: i === 4 ? null : 1_100_000,
              qualLapTime: i === 0 ? 990_000 : null,
              interval: i === 5 ? null : i * 12_345,
              oldIrating: i === 3 ? null : 1500 + i,
              newIrating: i === 4 ? null : 1480 + 7 * i,
              reasonOut: name,
              champPoints: i === 0 ? null : 10 * i,
            }),
          ),
          qualify: [raceRow(700, 1, { displayName: names[0]! })],
        }),
      },
    ]);
    expect(await expectEveryAnswerShapedAlike([9001])).toBe(names.length + 1);
  });

  it('carry every licence level and sub-level a row can hold alike', async () => {
    // Rows copied from one of 9001's with every pair of level and sub-level, known or not.
    await db.knex.raw(
      `INSERT INTO ${RESULTS_TABLE}
       SELECT r.subsession_id, r.simsession_number, r.simsession_type, r.is_primary,
              10000 + row_number() OVER (), r.display_name, r.country_code, r.club_name, r.team_id,
              r.team_name, r.car_id, r.car_name, r.car_class_id, 100 + row_number() OVER (),
              r.finish_position_in_class, r.starting_position, r.starting_position_in_class,
              r.laps_complete, r.laps_led, r.incidents, r.best_lap_time, r.best_lap_num,
              r.average_lap, r.qual_lap_time, r.gap_to_leader, r.old_irating, r.new_irating,
              s, s2, lv, lv2, r.reason_out, r.champ_points, r.start_time, r.category
         FROM (SELECT * FROM ${RESULTS_TABLE}
                WHERE subsession_id = 9001 AND simsession_number = 0 LIMIT 1) r,
              unnest(ARRAY[NULL, -5, 0, 1, 99, 100, 250, 475, 499, 32767]::smallint[]) s,
              (SELECT NULL::smallint AS lv UNION ALL SELECT generate_series(-2, 30)::smallint) lvs,
              LATERAL (SELECT (CASE WHEN s IS NULL THEN 310 ELSE NULL END)::smallint AS s2,
                              (CASE WHEN lv IS NULL THEN 12 ELSE NULL END)::smallint AS lv2) n`,
    );
    const race = await subsessionResults(db.knex, 9001, 'race');
    expect(race?.results.length).toBeGreaterThan(300);
    expect(await expectEveryAnswerShapedAlike([9001])).toBeGreaterThan(300);
  });

  it('answers a known subsession without that simsession with no rows, an unknown one null', async () => {
    const none = await subsessionResults(db.knex, 9001, 'practice');
    expect(none).toMatchObject({
      subsession: { subsessionId: 9001 },
      simsession: null,
      results: [],
    });
    expect(await subsessionResults(db.knex, 1, 'race')).toBeNull();
    await expect(subsessionResults(db.knex, 9001, 'heat')).rejects.toThrow(/type must be one of/);
  });
});
