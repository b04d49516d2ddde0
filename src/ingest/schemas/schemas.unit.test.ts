import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as S from './index.ts';
import {
  fixturePayload,
  listFixtureFolders,
  readFixtureFolder,
} from '../../../tests/support/iracing-fixture-server.ts';

/** Every recorded payload file and the schema the client validates it with. */
const PAYLOADS: [folder: string, file: string, schema: z.ZodType][] = [
  ['GetSubSessionResultSuccessfulAsync', '2.json', S.SubsessionResult],
  ['GetSubSessionResultWithWeatherSuccessfulAsync', '2.json', S.SubsessionResult],
  ['GetSubSessionResultForTeamSuccessfulAsync', '2.json', S.SubsessionResult],
  ['SearchOfficialResultsSuccessfulAsync', '1.json', S.SearchSeriesHeader],
  ['SearchOfficialResultsSuccessfulAsync', '2.json', S.SearchSeriesRow.array()],
  ['GetSeasonResultsSuccessfulAsync', '1.json', S.LinkEnvelope],
  ['GetSeasonResultsSuccessfulAsync', '2.json', S.SeasonResults],
  ['GetSingleDriverSubsessionLapsSuccessfulAsync', '2.json', S.LapDataHeader],
  ['GetSingleDriverSubsessionLapsSuccessfulAsync', '3.json', S.LapDataRow.array()],
  ['GetDriverInfoWithLicensesSuccessfulAsync', '2.json', S.MemberGetResponse],
  ['GetMemberChartDataSuccessfulAsync', '2.json', S.ChartData],
  ['SearchDriversSuccessfulAsync', '2.json', S.DriverSearchRow.array()],
  ['GetSeasonsWithoutSeriesSuccessfulAsync', '2.json', S.SeriesSeasons],
  ['GetPastSeasonsForSeriesSuccessfulAsync', '2.json', S.PastSeasonsResponse],
  ['ListSeasonsSuccessfulAsync', '2.json', S.SeasonList],
  ['GetWorldRecordStatisticsSuccessfulAsync', '2.json', S.WorldRecordsHeader],
  ['GetWorldRecordStatisticsSuccessfulAsync', '3.json', S.WorldRecordRow.array()],
  ['GetWorldRecordStatisticsSuccessfulAsync', '4.json', S.WorldRecordRow.array()],
  ['GetSeasonDriverStandingsSuccessfulAsync', '2.json', S.SeasonDriverStandingsHeader],
  ['GetSeasonDriverStandingsSuccessfulAsync', '3.json', S.SeasonDriverStandingRow.array()],
  ['GetLicenseLookupsSuccessfulAsync', '2.json', S.LicenceGroups],
  ['GetLookupsSuccessfulAsync', '2.json', S.LookupGroups],
];

describe('payload schemas against the recordings', () => {
  it.each(PAYLOADS)('%s/%s parses', (folder, file, schema) => {
    const result = schema.safeParse(fixturePayload(folder, file));
    expect(result.success ? [] : result.error.issues.slice(0, 3)).toEqual([]);
  });

  it('every link envelope of every folder parses as LinkEnvelope', () => {
    const envelopes = listFixtureFolders()
      .flatMap((f) => readFixtureFolder(f))
      .map((ex) => JSON.parse(ex.rawContent) as unknown)
      .filter((c): c is { link: string } => typeof c === 'object' && c !== null && 'link' in c);
    expect(envelopes.length).toBeGreaterThanOrEqual(14);
    for (const e of envelopes) expect(S.LinkEnvelope.safeParse(e).success).toBe(true);
  });

  it('keeps fields it does not know (drift passes through)', () => {
    const raw = fixturePayload<Record<string, unknown>>(
      'GetSubSessionResultWithWeatherSuccessfulAsync',
      '2.json',
    );
    const parsed = S.SubsessionResult.parse({ ...raw, field_added_in_2030: { x: 1 } });
    expect(parsed.field_added_in_2030).toEqual({ x: 1 });
  });

  it('accepts the 2022 and the 2024 shapes of a results row, and the team shape', () => {
    const rows = (folder: string) =>
      S.SubsessionResult.parse(fixturePayload(folder, '2.json')).session_results.flatMap(
        (s) => s.results,
      );
    const y2022 = rows('GetSubSessionResultSuccessfulAsync');
    const y2024 = rows('GetSubSessionResultWithWeatherSuccessfulAsync');
    expect(y2022.every((r) => typeof r.country_code === 'string')).toBe(true);
    expect(y2024.some((r) => r.country_code !== undefined)).toBe(false);
    expect(y2022.filter((r) => r.flair_id !== undefined)).toHaveLength(2);
    const team = rows('GetSubSessionResultForTeamSuccessfulAsync');
    expect(team.every(S.isTeamResultRow)).toBe(true);
  });

  it('rejects a row missing what Pitwall needs (a driver row without cust_id)', () => {
    const raw = fixturePayload<{ session_results: { results: Record<string, unknown>[] }[] }>(
      'GetSubSessionResultSuccessfulAsync',
      '2.json',
    );
    const firstRow = raw.session_results[0]?.results[0] ?? {};
    const { cust_id: _dropped, ...withoutCustId } = firstRow;
    const broken = {
      ...raw,
      session_results: [{ ...raw.session_results[0], results: [withoutCustId] }],
    };
    const result = S.SubsessionResult.safeParse(broken);
    expect(result.success).toBe(false);
  });
});
