import { describe, expect, it } from 'vitest';
import {
  formatLapTime,
  formatLicence,
  formatLicenceFromSubLevel,
  lapTimeOrNull,
  licenceFromLevel,
  licenceLevelFor,
  parseLapTime,
  subLevelFromSafetyRating,
} from './index.ts';
import {
  LicenceGroups,
  MemberGetResponse,
  SeasonDriverStandingRow,
  SubsessionResult,
} from '../ingest/schemas/index.ts';
import { fixturePayload } from '../../tests/support/iracing-fixture-server.ts';

describe('licence encodings', () => {
  it('maps all 28 license levels as lookup/licenses names them', () => {
    const groups = LicenceGroups.parse(
      fixturePayload('GetLicenseLookupsSuccessfulAsync', '2.json'),
    );
    const levels = groups.flatMap((g) => g.levels);
    expect(levels).toHaveLength(28);
    for (const level of levels) {
      const info = licenceFromLevel(level.license_id);
      expect(info.group).toBe(level.license_group);
      expect(info.letter).toBe(level.license_letter);
      expect(`${info.letter} ${info.step}.0`).toBe(level.short_name);
    }
  });

  it('reads results rows: level 20 with sub_level 458 → 475 is "A 4.58" → "A 4.75"', () => {
    const result = SubsessionResult.parse(
      fixturePayload('GetSubSessionResultSuccessfulAsync', '2.json'),
    );
    const row = result.session_results
      .at(-1)
      ?.results.find((r) => 'cust_id' in r && r.cust_id === 147876);
    expect(row).toBeDefined();
    expect(formatLicenceFromSubLevel(row?.old_license_level ?? 0, row?.old_sub_level ?? 0)).toBe(
      'A 4.58',
    );
    expect(formatLicenceFromSubLevel(row?.new_license_level ?? 0, row?.new_sub_level ?? 0)).toBe(
      'A 4.75',
    );
  });

  it('agrees with every recorded results row: the level step is the whole part of sub_level / 100', () => {
    for (const folder of [
      'GetSubSessionResultSuccessfulAsync',
      'GetSubSessionResultWithWeatherSuccessfulAsync',
    ]) {
      const result = SubsessionResult.parse(fixturePayload(folder, '2.json'));
      for (const row of result.session_results.flatMap((s) => s.results)) {
        for (const [level, sub] of [
          [row.old_license_level, row.old_sub_level],
          [row.new_license_level, row.new_sub_level],
        ] as const) {
          expect(licenceLevelFor(licenceFromLevel(level).group, sub / 100)).toBe(level);
        }
      }
    }
  });

  it('agrees with member/get licences and season standings (group_id and safety rating)', () => {
    const member = MemberGetResponse.parse(
      fixturePayload('GetDriverInfoWithLicensesSuccessfulAsync', '2.json'),
    );
    const standings = SeasonDriverStandingRow.array().parse(
      fixturePayload('GetSeasonDriverStandingsSuccessfulAsync', '3.json'),
    );
    const licences = [...(member.members[0]?.licenses ?? []), ...standings.map((s) => s.license)];
    expect(licences).toHaveLength(5 + 211);
    for (const l of licences) {
      expect(licenceFromLevel(l.license_level).group).toBe(l.group_id);
      expect(licenceLevelFor(l.group_id, l.safety_rating)).toBe(l.license_level);
    }
    const sportsCar = member.members[0]?.licenses?.find((l) => l.category === 'sports_car');
    expect(
      formatLicence({
        level: sportsCar?.license_level ?? 0,
        safetyRating: sportsCar?.safety_rating ?? 0,
      }),
    ).toBe('A 3.45');
  });

  it('prefers the group over the level for the letter when both are given', () => {
    // stats/world_records row: license_level 17 (A) with group_id 7 (Pro/WC), SR 1.65.
    expect(formatLicence({ level: 17, safetyRating: 1.65, group: 7 })).toBe('PWC 1.65');
    expect(formatLicence({ level: 17, safetyRating: 1.65 })).toBe('A 1.65');
  });

  it('converts safety rating and sub_level, and clamps the level step to 1..4', () => {
    expect(subLevelFromSafetyRating(3.45)).toBe(345);
    expect(licenceLevelFor(1, 0.5)).toBe(1);
    expect(licenceLevelFor(5, 4.99)).toBe(20);
    expect(() => licenceFromLevel(0)).toThrow(RangeError);
    expect(() => licenceFromLevel(29)).toThrow(RangeError);
  });
});

describe('lap times in 1/10000 s', () => {
  it('formats recorded times as m:ss.mmm, truncating to the millisecond', () => {
    expect(formatLapTime(4082271)).toBe('6:48.227'); // results/get winner, Nordschleife
    expect(formatLapTime(1055325)).toBe('1:45.532'); // lap_data best lap, Monza
    expect(formatLapTime(721378)).toBe('1:12.137'); // season_results best lap
    expect(formatLapTime(843429)).toBe('1:24.342'); // world record practice lap
    expect(formatLapTime(595000)).toBe('0:59.500');
  });

  it('switches to h:mm:ss.mmm from an hour and parses its own output back', () => {
    expect(formatLapTime(36_615_000)).toBe('1:01:01.500');
    for (const t of [4082270, 1055320, 595000, 36_615_000])
      expect(parseLapTime(formatLapTime(t))).toBe(t);
  });

  it('maps the API’s "no time" (−1) to null and refuses to format it', () => {
    expect(lapTimeOrNull(-1)).toBeNull();
    expect(lapTimeOrNull(null)).toBeNull();
    expect(lapTimeOrNull(0)).toBe(0);
    expect(() => formatLapTime(-1)).toThrow(RangeError);
  });
});
