import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changesByPosition,
  iratingChanges,
  raceIratingChanges,
  strengthOfField,
  type IratingEntrant,
  type ResultForModel,
} from './index.ts';
import { SubsessionResult, isTeamResultRow, mainEventSession } from '../ingest/schemas/index.ts';
import { fixturePayload } from '../../tests/support/iracing-fixture-server.ts';

/**
 * The iRating model against every recorded results/get payload of the shared fixtures: each
 * rated driver's computed change next to `newi_rating − oldi_rating`. The figures and the worst
 * case are printed (docs/irating-and-prediction.md quotes them).
 */

const FIXTURES = [
  'GetSubSessionResultSuccessfulAsync', // multiclass, 19 drivers
  'GetSubSessionResultWithWeatherSuccessfulAsync', // one class, 22 drivers
  'GetSubSessionResultForTeamSuccessfulAsync', // team event, 4 classes, 83 drivers
];

interface Compared {
  folder: string;
  custId: number;
  recorded: number;
  computed: number;
}

function compare(folder: string): Compared[] {
  const result = SubsessionResult.parse(fixturePayload(folder, '2.json'));
  const race = mainEventSession(result);
  if (!race) throw new Error(`${folder}: no main event`);
  const rows: (ResultForModel & { newIrating: number })[] = [];
  for (const row of race.results) {
    const drivers = isTeamResultRow(row)
      ? row.driver_results.map((d) => ({ ...d, teamId: row.team_id }))
      : [{ ...row, teamId: null }];
    for (const d of drivers) {
      if (d.oldi_rating < 0 || d.newi_rating < 0) continue;
      rows.push({
        custId: d.cust_id,
        teamId: d.teamId,
        carClassId: isTeamResultRow(row) ? row.car_class_id : d.car_class_id,
        finishPosition: isTeamResultRow(row) ? row.finish_position : d.finish_position,
        lapsComplete: d.laps_complete,
        oldIrating: d.oldi_rating,
        newIrating: d.newi_rating,
      });
    }
  }
  const changes = raceIratingChanges(rows, race.results.some(isTeamResultRow));
  return rows.map((r) => ({
    folder,
    custId: r.custId,
    recorded: r.newIrating - r.oldIrating!,
    computed: changes.get(r.custId) ?? NaN,
  }));
}

describe('the iRating model on the recorded results', () => {
  const all = FIXTURES.flatMap(compare);

  it('computes every rated driver’s change within 2 iR for at least 95% of drivers', () => {
    const within = all.filter((c) => Math.abs(c.computed - c.recorded) <= 2);
    const worst = [...all].sort(
      (a, b) => Math.abs(b.computed - b.recorded) - Math.abs(a.computed - a.recorded),
    )[0]!;
    const perFixture = FIXTURES.map((folder) => {
      const mine = all.filter((c) => c.folder === folder);
      const ok = mine.filter((c) => Math.abs(c.computed - c.recorded) <= 2).length;
      return `${folder}: ${ok}/${mine.length}`;
    });
    console.log(
      `iRating model: ${within.length}/${all.length} drivers within 2 iR ` +
        `(${((100 * within.length) / all.length).toFixed(1)}%); ${perFixture.join('; ')}; ` +
        `worst: driver ${worst.custId} of ${worst.folder}, recorded ${worst.recorded}, ` +
        `computed ${worst.computed.toFixed(1)}`,
    );
    expect(all.length).toBe(19 + 22 + 83);
    expect(within.length / all.length).toBeGreaterThanOrEqual(0.95);
  });

  it('is exact to 1.5 iR on every driver of the driver events', () => {
    const drivers = all.filter((c) => !c.folder.includes('ForTeam'));
    expect(drivers.filter((c) => !(Math.abs(c.computed - c.recorded) <= 1.5))).toEqual([]);
  });
});

/** A one-class field: ratings 100–8000, distinct customers, positions a permutation. */
const oneClassField = fc
  .array(fc.integer({ min: 100, max: 8000 }), { minLength: 2, maxLength: 40 })
  .chain((ratings) =>
    fc
      .shuffledSubarray(
        ratings.map((_, i) => i),
        { minLength: ratings.length, maxLength: ratings.length },
      )
      .map((order): IratingEntrant[] =>
        ratings.map((r, i) => ({
          custId: i + 1,
          oldIrating: r,
          finishPosition: order.indexOf(i),
          lapsComplete: 10,
          carClassId: 1,
        })),
      ),
  );

describe('iRating model invariants', () => {
  it('sums to about zero over a one-class field (the fudge factor leaves a small remainder)', () => {
    fc.assert(
      fc.property(oneClassField, (field) => {
        const sum = [...iratingChanges(field).values()].reduce((s, d) => s + d, 0);
        // Σ fudge · K = Σ (n/2 − r)/100 · 200/n = −1 for any n: the only net change.
        expect(Math.abs(sum - 1)).toBeLessThan(1e-6);
      }),
    );
  });

  it('gives a driver more for every place gained, whoever the others are', () => {
    fc.assert(
      fc.property(oneClassField, fc.nat(), (field, pick) => {
        const me = field[pick % field.length]!;
        const others = field
          .filter((e) => e.custId !== me.custId)
          .sort((a, b) => a.finishPosition - b.finishPosition)
          .map((e, i) => ({ ...e, finishPosition: i }));
        // Ahead of `passed` of the others: each step passes exactly one more rival.
        const ahead = (passed: number) =>
          iratingChanges([...others, { ...me, finishPosition: others.length - passed - 0.5 }]).get(
            me.custId,
          )!;
        for (let k = 1; k < field.length; k++) expect(ahead(k)).toBeGreaterThan(ahead(k - 1));
      }),
    );
  });

  it('the calculator is the model for a field rated at the SOF, decreasing by position', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 500, max: 6000 }),
        fc.integer({ min: 500, max: 6000 }),
        fc.integer({ min: 2, max: 60 }),
        (irating, sof, n) => {
          const byPosition = changesByPosition(irating, sof, n);
          expect(byPosition).toHaveLength(n);
          for (let i = 1; i < n; i++) expect(byPosition[i]!).toBeLessThan(byPosition[i - 1]!);
        },
      ),
    );
    // Equal to the model on the field it describes.
    const byPosition = changesByPosition(2000, 1800, 5);
    const field = [2000, ...Array<number>(4).fill(opponentsFor(2000, 1800, 5))];
    expect(strengthOfField(field)).toBeCloseTo(1800, 6);
    byPosition.forEach((delta, i) => {
      const changes = iratingChanges(
        field.map((r, j) => ({
          custId: j + 1,
          oldIrating: r,
          finishPosition: j === 0 ? i : j <= i ? j - 1 : j,
          lapsComplete: 1,
          carClassId: 1,
        })),
      );
      expect(changes.get(1)).toBeCloseTo(delta, 9);
    });
  });

  it('refuses fields it cannot model', () => {
    expect(() => changesByPosition(1500, 1500, 1)).toThrow(RangeError);
    expect(() => changesByPosition(1500, 1500, 101)).toThrow(RangeError);
    expect(() => changesByPosition(Number.NaN, 1500, 10)).toThrow(RangeError);
  });
});

function opponentsFor(irating: number, sof: number, n: number): number {
  const spread = 1600 / Math.LN2;
  return -spread * Math.log((n * Math.exp(-sof / spread) - Math.exp(-irating / spread)) / (n - 1));
}
