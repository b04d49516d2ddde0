import type { Knex } from 'knex';
import type { RacingEvent, SeasonScheduledData } from '../../events/racing.ts';
import {
  applyRacingEvents,
  buildSubsession,
  raceRow,
  subsessionFromFixture,
} from '../../projections/racing/testing.ts';

/**
 * A small racing world built from events, for the query tests (not a *.test.ts file):
 *  - the three results/get fixtures (multiclass road 2022, formula car 2024, team event);
 *  - season 5000 ("Pitwall GT Sprint", series 500, sports_car) with a two-week schedule and
 *    six races: week 0 at 18:00 and 20:00, week 1 at 18:00, drivers 1..6 named below;
 *  - driver 1 with a profile and an iRating chart.
 */
export const NAMES: Record<number, string> = {
  1: 'Max Verstappen',
  2: 'Lando Norris',
  3: 'Charles Leclerc',
  4: 'Max Mustermann',
  5: 'Oscar Piastri',
  6: 'Maxime Martin',
};

const season: SeasonScheduledData = {
  seasonId: 5000,
  seriesId: 500,
  seriesName: 'Pitwall GT Sprint',
  seasonName: 'Pitwall GT Sprint - 2025 Season 1',
  seasonShortName: '2025 Season 1',
  seasonYear: 2025,
  seasonQuarter: 1,
  category: 'sports_car',
  official: true,
  active: true,
  complete: false,
  licenseGroup: 3,
  multiclass: false,
  fixedSetup: true,
  maxWeeks: 12,
  startDate: '2025-01-07',
  carClassIds: [4005],
  scheduleDescription: 'Races every 2 hours',
  weeks: [
    {
      raceWeekNum: 0,
      startDate: '2025-01-07',
      track: {
        trackId: 1,
        trackName: 'Okayama International Circuit',
        configName: 'Full Course',
        category: 'sports_car',
      },
      raceLapLimit: null,
      raceTimeLimitMinutes: 25,
      timeSlots: ['18:00', '20:00'],
      startType: 'Rolling',
    },
    {
      raceWeekNum: 1,
      startDate: '2025-01-14',
      track: {
        trackId: 2,
        trackName: 'Spa-Francorchamps',
        configName: 'Grand Prix Pits',
        category: 'sports_car',
      },
      raceLapLimit: null,
      raceTimeLimitMinutes: 25,
      timeSlots: ['18:00', '20:00'],
      startType: 'Rolling',
    },
  ],
};

const row = (cust: number, pos: number, over: Parameters<typeof raceRow>[2] = {}) =>
  raceRow(cust, pos, { displayName: NAMES[cust]!, ...over });

const race = (
  subsessionId: number,
  sessionId: number,
  week: 0 | 1,
  startTime: string,
  sof: number,
  rows: ReturnType<typeof row>[],
) =>
  buildSubsession({
    subsessionId,
    sessionId,
    seriesId: 500,
    seriesName: 'Pitwall GT Sprint',
    seasonId: 5000,
    seasonName: season.seasonName,
    seasonYear: 2025,
    seasonQuarter: 1,
    raceWeekNum: week,
    startTime,
    category: 'sports_car',
    track:
      week === 0
        ? { trackId: 1, trackName: 'Okayama International Circuit', configName: 'Full Course' }
        : { trackId: 2, trackName: 'Spa-Francorchamps', configName: 'Grand Prix Pits' },
    eventStrengthOfField: sof,
    race: rows,
  });

export const DATASET_EVENTS: RacingEvent[] = [
  {
    type: 'SubsessionResultsRecorded',
    data: subsessionFromFixture('GetSubSessionResultSuccessfulAsync'),
  },
  {
    type: 'SubsessionResultsRecorded',
    data: subsessionFromFixture('GetSubSessionResultWithWeatherSuccessfulAsync'),
  },
  {
    type: 'SubsessionResultsRecorded',
    data: subsessionFromFixture('GetSubSessionResultForTeamSuccessfulAsync'),
  },
  { type: 'SeasonScheduled', data: season },
  {
    type: 'SeriesCatalogued',
    data: {
      seriesId: 500,
      seriesName: 'Pitwall GT Sprint',
      seriesShortName: 'GT Sprint',
      category: 'sports_car',
      licenseGroup: 3,
      official: true,
      multiclass: false,
      logo: null,
      description: 'Twenty-five minutes of GT3.',
    },
  },
  // Week 0, 18:00: two splits of one session.
  {
    type: 'SubsessionResultsRecorded',
    data: race(5001, 50, 0, '2025-01-08T18:00:00Z', 2500, [
      row(1, 1, { bestLapTime: 1_000_000, newIrating: 3000 }),
      row(2, 2, { bestLapTime: 1_001_000, newIrating: 2800 }),
      row(3, 3, { bestLapTime: 1_002_000, newIrating: 2600, incidents: 4 }),
    ]),
  },
  {
    type: 'SubsessionResultsRecorded',
    data: race(5002, 50, 0, '2025-01-08T18:00:00Z', 1500, [
      row(4, 1, { bestLapTime: 1_010_000, newIrating: 1600 }),
      row(5, 2, { bestLapTime: 1_020_000, newIrating: 1500 }),
    ]),
  },
  // Week 0, 20:00.
  {
    type: 'SubsessionResultsRecorded',
    data: race(5003, 51, 0, '2025-01-08T20:00:00Z', 2400, [
      row(2, 1, { bestLapTime: 999_000, newIrating: 2850, startingPositionInClass: 2 }),
      row(1, 2, { bestLapTime: 1_003_000, newIrating: 2990, startingPositionInClass: 1 }),
      row(6, 3, { bestLapTime: 1_030_000, newIrating: 1400 }),
    ]),
  },
  // Week 1, 18:00.
  {
    type: 'SubsessionResultsRecorded',
    data: race(5004, 52, 1, '2025-01-15T18:00:00Z', 2300, [
      row(1, 1, { bestLapTime: 1_380_000, newIrating: 3050 }),
      row(3, 2, { bestLapTime: 1_385_000, newIrating: 2620 }),
    ]),
  },
  {
    type: 'SubsessionResultsRecorded',
    data: race(5005, 53, 1, '2025-01-15T20:00:00Z', 2200, [
      row(1, 1, {
        bestLapTime: 1_379_000,
        newIrating: 3080,
        carId: 173,
        carName: 'Ferrari 296 GT3',
      }),
      row(2, 2, { bestLapTime: 1_390_000, newIrating: 2860 }),
    ]),
  },
  {
    type: 'DriverProfileRecorded',
    data: {
      custId: 1,
      displayName: 'Max Verstappen',
      memberSince: '2015-03-01',
      countryCode: 'NL',
      flairName: 'Netherlands',
      clubName: 'Benelux',
      licenses: [
        {
          category: 'oval',
          licenseLevel: 4,
          safetyRating: 2.5,
          group: 1,
          irating: 1350,
          ttRating: null,
          cpi: null,
        },
      ],
    },
  },
  {
    type: 'DriverRatingHistoryRecorded',
    data: {
      custId: 1,
      category: 'sports_car',
      chart: 'irating',
      points: [
        { date: '2025-01-08', value: 2990 },
        { date: '2025-01-15', value: 3080 },
      ],
    },
  },
];

/** Applies the dataset to the racing tables: `useRacingDatabase({ seed: seedRacingDataset })`. */
export function seedRacingDataset(knex: Knex): Promise<void> {
  return applyRacingEvents(knex, DATASET_EVENTS, { occurredAt: '2024-12-01T00:00:00.000Z' });
}
