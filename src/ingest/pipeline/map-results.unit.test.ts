import { describe, expect, it } from 'vitest';
import { subsessionResultsData } from '../../events/racing/results.ts';
import { IngestMappingError, countResultRows, mapSubsessionResult } from './index.ts';
import { SubsessionResult, isTeamResultRow } from '../schemas/index.ts';
import { fixturePayload } from '../../../tests/support/iracing-fixture-server.ts';

const load = (folder: string) => SubsessionResult.parse(fixturePayload(folder, '2.json'));

const FOLDERS = [
  'GetSubSessionResultSuccessfulAsync',
  'GetSubSessionResultWithWeatherSuccessfulAsync',
  'GetSubSessionResultForTeamSuccessfulAsync',
] as const;

describe('results/get → SubsessionResultsRecorded', () => {
  it.each(FOLDERS)(
    '%s maps to a valid event with a row per driver of every simsession',
    (folder) => {
      const payload = load(folder);
      const data = mapSubsessionResult(payload);
      expect(subsessionResultsData.safeParse(data).success).toBe(true);
      expect(data.subsessionId).toBe(payload.subsession_id);
      expect(data.simsessions.map((s) => s.simsessionNumber)).toEqual(
        payload.session_results.map((s) => s.simsession_number).sort((a, b) => a - b),
      );
      for (const s of payload.session_results) {
        const mapped = data.simsessions.find((m) => m.simsessionNumber === s.simsession_number)!;
        const drivers = s.results.reduce(
          (n, row) => n + (isTeamResultRow(row) ? row.driver_results.length : 1),
          0,
        );
        expect(mapped.results).toHaveLength(drivers);
        for (const row of mapped.results) {
          expect(row.finishPosition).toBeGreaterThanOrEqual(1);
          expect(row.bestLapTime === null || row.bestLapTime > 0).toBe(true);
        }
      }
    },
  );

  it('maps the 2022 multiclass race: 1-based positions, lap times in 1/10000 s, ratings, classes', () => {
    const data = mapSubsessionResult(load('GetSubSessionResultSuccessfulAsync'));
    expect(data).toMatchObject({
      category: 'road',
      eventType: 'race',
      teamEvent: false,
      eventStrengthOfField: 1683,
      startTime: '2022-04-04T01:30:00.000Z',
      endTime: '2022-04-04T02:14:23.000Z',
    });
    expect(data.carClasses).toHaveLength(2);
    const race = data.simsessions.find((s) => s.simsessionNumber === 0)!;
    expect(race.type).toBe('race');
    expect(race.results[0]).toMatchObject({
      custId: 147876,
      finishPosition: 1,
      bestLapTime: 4082271,
      oldIrating: 4228,
      newIrating: 4270,
      countryCode: 'AU',
      teamId: null,
    });
    expect(data.simsessions.find((s) => s.simsessionNumber === -1)?.type).toBe('practice');
    expect(countResultRows(data)).toEqual({ all: 38, mainEvent: 19 });
  });

  it('maps the 2024 drift: no country code, no per-class SOF, formula car category', () => {
    const payload = load('GetSubSessionResultWithWeatherSuccessfulAsync');
    const data = mapSubsessionResult(payload);
    expect(data.category).toBe('formula_car');
    expect(data.track).toEqual({
      trackId: 349,
      trackName: 'Circuit de Barcelona Catalunya',
      configName: 'Historic',
    });
    expect(data.eventBestLapTime).toBeNull();
    expect(data.carClasses.every((c) => c.strengthOfField === null && c.numEntries === null)).toBe(
      true,
    );
    expect(data.simsessions.flatMap((s) => s.results).every((r) => r.countryCode === null)).toBe(
      true,
    );
    expect(data.simsessions.map((s) => s.type)).toEqual(['practice', 'qualify', 'race']);
  });

  it('maps a team event to one row per driver with the team positions and name', () => {
    const payload = load('GetSubSessionResultForTeamSuccessfulAsync');
    const data = mapSubsessionResult(payload);
    expect(data.teamEvent).toBe(true);
    const race = data.simsessions.find((s) => s.simsessionNumber === 0)!;
    // 58 teams, 83 drivers; the team without drivers contributes no row.
    expect(race.results).toHaveLength(83);
    expect(race.results.some((r) => r.teamId === -208016)).toBe(false);
    const winners = race.results.filter((r) => r.teamId === -159911);
    expect(winners.length).toBeGreaterThan(1);
    for (const w of winners) {
      // The API's finish_position 1 and starting_position 5 are 0-based.
      expect(w).toMatchObject({
        finishPosition: 2,
        startingPosition: 6,
        teamName: 'Driver -159911',
      });
    }
    const driver = winners.find((w) => w.custId === 623556)!;
    expect(driver).toMatchObject({
      lapsComplete: 16,
      incidents: 8,
      oldIrating: 2589,
      newIrating: 2635,
      countryCode: 'AT',
    });
  });

  it('is deterministic: the same payload maps to equal data', () => {
    const payload = load('GetSubSessionResultSuccessfulAsync');
    expect(mapSubsessionResult(payload)).toEqual(mapSubsessionResult(structuredClone(payload)));
  });

  it('rejects an event type Pitwall does not model, naming the subsession', () => {
    const payload = { ...load('GetSubSessionResultSuccessfulAsync'), event_type: 9 };
    expect(() => mapSubsessionResult(payload)).toThrow(IngestMappingError);
    expect(() => mapSubsessionResult(payload)).toThrow(/subsession 45243121.*event_type 9/);
  });

  it('rejects an unknown licence category', () => {
    const payload = { ...load('GetSubSessionResultSuccessfulAsync'), license_category_id: 42 };
    expect(() => mapSubsessionResult(payload)).toThrow(/unknown licence category id 42/);
  });
});
