import { describe, expect, it } from 'vitest';
import { useRacingDatabase } from '../../projections/racing/testing.ts';
import { seedRacingDataset } from './dataset.test-support.ts';
import { run } from '../../db/batch.ts';
import { SESSIONS_TABLE, SUBSESSIONS_TABLE } from '../../projections/subsessions/tables.ts';
import { NOTABLE_RACES_DAYS, NOTABLE_RACES_MIN_FIELD, homeRacingStatement } from './home.ts';

const db = useRacingDatabase({ seed: seedRacingDataset });

const LIMITS = { topDrivers: 5, notableRaces: 5, seriesWeeks: 5 };

describe('homeRacing', () => {
  it("reads this week of each season on the caller's clock, not the database's", async () => {
    // The dataset's season has weeks starting 2025-01-07 and 2025-01-14.
    const inFirst = await run(
      db.knex,
      homeRacingStatement(LIMITS, new Date('2025-01-09T12:00:00Z')),
    );
    const inSecond = await run(
      db.knex,
      homeRacingStatement(LIMITS, new Date('2025-01-16T12:00:00Z')),
    );
    const before = await run(
      db.knex,
      homeRacingStatement(LIMITS, new Date('2025-01-01T12:00:00Z')),
    );
    expect(inFirst.seriesWeeks.map((w) => w.startDate)).toContain('2025-01-07');
    expect(inSecond.seriesWeeks.map((w) => w.startDate)).toContain('2025-01-14');
    expect(inFirst.seriesWeeks.some((w) => w.running)).toBe(true);
    expect(before.seriesWeeks).toEqual([]);
  });

  it('reads the top drivers of a past instant in the categories of today', async () => {
    const limits = { ...LIMITS, topDrivers: 2 };
    const now = new Date('2025-02-01T12:00:00Z');
    const top = async (at: string | null) =>
      (await run(db.knex, homeRacingStatement(limits, now, at))).topDrivers.map(
        (t): [string, [number, string, number][]] => [
          t.category,
          t.drivers.map((d) => [d.custId, d.displayName, d.irating]),
        ],
      );
    const today = await top(null);
    const past = await top('2025-01-09T00:00:00Z');
    // The same categories in the same order; each one's drivers as rated at the instant.
    expect(past.map(([c]) => c)).toEqual(today.map(([c]) => c));
    expect(past).toContainEqual([
      'sports_car',
      [
        [1, 'Max Verstappen', 2990],
        [2, 'Lando Norris', 2850],
      ],
    ]);
    // Driver 1's oval licence comes from a profile observed on 2024-12-01.
    expect(past.find(([c]) => c === 'oval')?.[1]).toEqual([[1, 'Max Verstappen', 1350]]);
    // Before the season's first race its category lists nobody; before any rating, none does.
    expect((await top('2024-01-01T00:00:00Z')).find(([c]) => c === 'sports_car')?.[1]).toEqual([]);
    const before = await top('2020-01-01T00:00:00Z');
    expect(before.map(([c]) => c)).toEqual(today.map(([c]) => c));
    expect(before.every(([, drivers]) => drivers.length === 0)).toBe(true);
    // The races and the weeks are today's whatever the instant.
    const [now1, then1] = await Promise.all([
      run(db.knex, homeRacingStatement(limits, now)),
      run(db.knex, homeRacingStatement(limits, now, '2025-01-09T00:00:00Z')),
    ]);
    expect(then1.notableRaces).toEqual(now1.notableRaces);
    expect(then1.seriesWeeks).toEqual(now1.seriesWeeks);
  });

  it("lists each series' strongest session of the last days once, the strongest first, ties to the latest", async () => {
    // Fields large enough to count, and ties on purpose: a copy of each series' strongest recent
    // session a minute later (the later one must win), a copy under another series id (two series
    // tie), and a weaker copy under a third.
    await db.knex.transaction(async (trx) => {
      for (const table of [SESSIONS_TABLE, SUBSESSIONS_TABLE])
        await trx(table).update({
          num_drivers: trx.raw('greatest(num_drivers, ?)', [NOTABLE_RACES_MIN_FIELD]),
        });
      await trx.raw(
        `CREATE TEMP TABLE best ON COMMIT DROP AS
           SELECT DISTINCT ON (series_id) * FROM ${SESSIONS_TABLE}
            WHERE max_sof IS NOT NULL
              AND start_time > (SELECT max(start_time) FROM ${SESSIONS_TABLE})
                               - interval '${NOTABLE_RACES_DAYS - 1} days'
            ORDER BY series_id, max_sof DESC, session_id`,
      );
      for (const [shift, series, weaker] of [
        [1_000_000, 0, 0],
        [2_000_000, 1000, 0],
        [3_000_000, 2000, 10],
      ] as const) {
        await trx.raw(
          `INSERT INTO ${SESSIONS_TABLE}
             SELECT s.session_id + ${shift}, s.series_id + ${series}, s.series_name, s.season_id,
                    s.race_week_num, s.start_time + interval '1 minute', s.track_id, s.track_name,
                    s.config_name, s.num_subsessions, s.num_drivers, s.largest_split,
                    s.max_sof - ${weaker}, s.min_sof
               FROM best s`,
        );
        await trx.raw(
          `INSERT INTO ${SUBSESSIONS_TABLE}
             SELECT (jsonb_populate_record(x, jsonb_build_object(
                       'subsession_id', x.subsession_id + ${shift},
                       'session_id', x.session_id + ${shift},
                       'series_id', x.series_id + ${series},
                       'event_sof', x.event_sof - ${weaker},
                       'start_time', x.start_time + interval '1 minute'))).*
               FROM ${SUBSESSIONS_TABLE} x JOIN best s ON s.session_id = x.session_id`,
        );
      }
    });
    // The rule, applied to every session of the days in JavaScript.
    const sessions = (
      await db.knex.raw<{
        rows: { session_id: number; series_id: number; start_time: Date; max_sof: number }[];
      }>(
        `SELECT session_id, series_id, start_time, max_sof FROM ${SESSIONS_TABLE}
          WHERE max_sof IS NOT NULL AND num_drivers >= ${NOTABLE_RACES_MIN_FIELD}
            AND start_time > (SELECT max(start_time) FROM ${SESSIONS_TABLE})
                             - interval '${NOTABLE_RACES_DAYS} days'`,
      )
    ).rows;
    const perSeries = new Map<number, (typeof sessions)[number]>();
    for (const s of sessions) {
      const held = perSeries.get(s.series_id);
      const later = (a: typeof s, b: typeof s) =>
        a.start_time.getTime() - b.start_time.getTime() || a.session_id - b.session_id;
      if (!held || s.max_sof > held.max_sof || (s.max_sof === held.max_sof && later(s, held) > 0))
        perSeries.set(s.series_id, s);
    }
    const ranked = [...perSeries.values()].sort(
      (a, b) => b.max_sof - a.max_sof || b.session_id - a.session_id,
    );
    expect(ranked.length).toBeGreaterThan(2);
    expect(ranked[0]!.max_sof).toBe(ranked[1]!.max_sof);
    for (let n = 1; n <= ranked.length + 1; n++) {
      const { notableRaces } = await run(
        db.knex,
        homeRacingStatement({ ...LIMITS, notableRaces: n }, new Date('2025-02-01T12:00:00Z')),
      );
      const sessionOf = new Map(
        (
          await db.knex(SUBSESSIONS_TABLE).whereIn(
            'subsession_id',
            notableRaces.map((r) => r.subsessionId),
          )
        ).map((r: { subsession_id: number; session_id: number }) => [
          r.subsession_id,
          r.session_id,
        ]),
      );
      expect(
        new Set(notableRaces.map((r) => sessionOf.get(r.subsessionId))),
        `${n} notable races`,
      ).toEqual(new Set(ranked.slice(0, n).map((s) => s.session_id)));
    }
  });
});
