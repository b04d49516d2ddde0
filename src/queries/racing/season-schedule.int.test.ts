import { describe, expect, it } from 'vitest';
import type { SeasonScheduledData } from '../../events/racing.ts';
import {
  applyRacingEvents,
  buildSubsession,
  raceRow,
  useRacingDatabase,
} from '../../projections/racing/testing.ts';
import { seasonScheduleJson } from './seasons.ts';

const db = useRacingDatabase();

describe('the schedule as JSON text', () => {
  it('writes the schedule as the text JSON.stringify makes of its DTO', async () => {
    // Texts that need escaping, absent values, a week without races, races without a SoF.
    const odd = 'Ring "Nord" \\ Süd\u0001\n\t — ✓';
    const season: SeasonScheduledData = {
      seasonId: 5901,
      seriesId: 590,
      seriesName: odd,
      seasonName: `${odd} 2025`,
      seasonShortName: 'S1',
      seasonYear: 2025,
      seasonQuarter: 2,
      category: null,
      official: false,
      active: true,
      complete: false,
      licenseGroup: null,
      multiclass: true,
      fixedSetup: false,
      maxWeeks: 3,
      startDate: '2025-03-18',
      carClassIds: [],
      scheduleDescription: null,
      weeks: [
        {
          raceWeekNum: 0,
          startDate: '2025-03-18',
          track: { trackId: 7, trackName: odd, configName: null, category: null },
          raceLapLimit: 12,
          raceTimeLimitMinutes: null,
          timeSlots: [],
          startType: null,
        },
        {
          raceWeekNum: 1,
          startDate: '2025-03-25',
          track: { trackId: 8, trackName: 'Road', configName: 'GP', category: 'sports_car' },
          raceLapLimit: null,
          raceTimeLimitMinutes: 40,
          timeSlots: ['00:15', '12:00', '23:45'],
          startType: 'Standing',
        },
        {
          raceWeekNum: 2,
          startDate: '2025-04-01',
          track: { trackId: 9, trackName: 'Oval', configName: null, category: 'oval' },
          raceLapLimit: 50,
          raceTimeLimitMinutes: null,
          timeSlots: ['18:00'],
          startType: 'Rolling',
        },
      ],
    };
    const race = (subsessionId: number, week: number, sof: number | null, startTime: string) =>
      buildSubsession({
        subsessionId,
        sessionId: subsessionId,
        seriesId: 590,
        seasonId: 5901,
        raceWeekNum: week,
        startTime,
        eventStrengthOfField: sof,
        race: [raceRow(1, 1), raceRow(2, 2)],
      });
    await applyRacingEvents(db.knex, [
      { type: 'SeasonScheduled', data: season },
      { type: 'SubsessionResultsRecorded', data: race(59011, 1, 1001, '2025-03-25T12:00:00Z') },
      { type: 'SubsessionResultsRecorded', data: race(59012, 1, 1002, '2025-03-26T12:00:00Z') },
      { type: 'SubsessionResultsRecorded', data: race(59013, 2, null, '2025-04-01T18:00:00Z') },
    ]);
    const text = await seasonScheduleJson(db.knex, 5901);
    // Written in the DTO's key order (SeasonScheduleDto, SeasonDto, ScheduleWeekDto).
    const expected = {
      season: {
        seasonId: 5901,
        seriesId: 590,
        seriesName: odd,
        seasonName: `${odd} 2025`,
        seasonShortName: 'S1',
        seasonYear: 2025,
        seasonQuarter: 2,
        category: null,
        official: false,
        active: true,
        complete: false,
        multiclass: true,
        fixedSetup: false,
        maxWeeks: 3,
        startDate: '2025-03-18',
        scheduleDescription: null,
      },
      weeks: season.weeks.map((w) => ({
        raceWeekNum: w.raceWeekNum,
        startDate: w.startDate,
        track: w.track,
        raceLapLimit: w.raceLapLimit,
        raceTimeLimitMinutes: w.raceTimeLimitMinutes,
        timeSlots: w.timeSlots,
        startType: w.startType,
        participation:
          w.raceWeekNum === 0
            ? null
            : w.raceWeekNum === 1
              ? {
                  sessions: 2,
                  subsessions: 2,
                  drivers: 4,
                  uniqueDrivers: 2,
                  // 1001.5 rounds up, as Math.round does.
                  averageStrengthOfField: 1002,
                  maxStrengthOfField: 1002,
                }
              : {
                  sessions: 1,
                  subsessions: 1,
                  drivers: 2,
                  uniqueDrivers: 2,
                  averageStrengthOfField: null,
                  maxStrengthOfField: null,
                },
      })),
    };
    expect(text).toBe(JSON.stringify(expected));
    expect(await seasonScheduleJson(db.knex, 1)).toBeNull();
  });
});
