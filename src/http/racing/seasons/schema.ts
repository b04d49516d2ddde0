import { z } from 'zod';
import type { LeaderboardEntryDto } from '../../../queries/racing/leaderboards.ts';
import type {
  SeasonOverviewDto,
  SeasonParticipationDto,
} from '../../../queries/racing/season-stats.ts';
import type {
  CarTimeDto,
  FastestLapDto,
  RecentRaceDto,
  SeasonDto,
  SeasonScheduleDto,
} from '../../../queries/racing/seasons.ts';
import { apiSchemas } from '../../openapi/schemas.ts';
import {
  carSchema,
  count,
  driverRefSchema,
  int,
  isoDate,
  isoTime,
  itemResponse,
  lapTime,
  pagedResponse,
  trackSchema,
} from '../shared/dto.ts';
import { raceTimeAsOfQuery } from '../shared/race-time.ts';
import { category, idParam, paging, positiveInt } from '../shared/params.ts';

/** Parameters and answers of /api/seasons/{id}/**. */

export const seasonIdParams = z.object({ id: idParam('season') });

const weekMessage = 'must be a week number from 0 to 52';
const raceWeekNum = z.coerce
  .number({ error: weekMessage })
  .int({ error: weekMessage })
  .min(0, { error: weekMessage })
  .max(52, { error: weekMessage })
  .optional()
  .describe('Only this week of the season (0-based, as iRacing numbers weeks).');

const carId = positiveInt().optional().describe('Only this car.');

export const CAR_TIME_SORTS = ['week', 'bestLap', 'averageLap', 'entries'] as const;

/** `?asOf=` on the season statistics: the season at the end of that day (race time). */
const seasonAsOf = raceTimeAsOfQuery;

export const carTimesQuery = z.object({
  raceWeekNum,
  carId,
  sort: z
    .enum(CAR_TIME_SORTS)
    .default('week')
    .describe(
      'week: by week, fastest car first (default); bestLap / averageLap: fastest first across weeks; entries: most raced first.',
    ),
  ...seasonAsOf,
  ...paging,
});

export const recentRacesQuery = z.object({ raceWeekNum, ...paging });

export const participationQuery = z.object({ raceWeekNum });

export const fastestLapsQuery = z.object({
  raceWeekNum: raceWeekNum.describe(
    'The week (0-based); default: the latest week with laps (with asOf: the week of the last race started by then). Fastest first.',
  ),
  carId,
  ...seasonAsOf,
  ...paging,
});

export const leaderboardQuery = z.object({ ...seasonAsOf, ...paging });

export const seasonSchema = z
  .strictObject({
    seasonId: int,
    seriesId: int,
    seriesName: z.string(),
    seasonName: z.string(),
    seasonShortName: z.string(),
    seasonYear: int,
    seasonQuarter: int,
    category: category.nullable(),
    official: z.boolean(),
    active: z.boolean(),
    complete: z.boolean(),
    multiclass: z.boolean(),
    fixedSetup: z.boolean(),
    maxWeeks: count,
    startDate: isoDate,
    scheduleDescription: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'Season' }) satisfies z.ZodType<SeasonDto>;

const participationSchema = z
  .strictObject({
    sessions: count,
    subsessions: count,
    drivers: count.describe('Driver starts (a driver racing twice counts twice).'),
    uniqueDrivers: count.describe(
      'Distinct drivers who started (in the week, or in the slot on any day of the week).',
    ),
    averageStrengthOfField: int.nullable(),
    maxStrengthOfField: int.nullable(),
  })
  .register(apiSchemas, { id: 'WeekParticipation' });

export const scheduleSchema = z
  .strictObject({
    season: seasonSchema,
    weeks: z.array(
      z.strictObject({
        raceWeekNum: int.describe('0-based.'),
        startDate: isoDate,
        track: trackSchema.extend({ category: category.nullable() }),
        raceLapLimit: int.nullable(),
        raceTimeLimitMinutes: int.nullable(),
        timeSlots: z.array(z.string()).describe('Race start times, "HH:MM" UTC.'),
        startType: z.string().nullable(),
        participation: participationSchema.nullable(),
      }),
    ),
  })
  .register(apiSchemas, { id: 'SeasonSchedule' }) satisfies z.ZodType<SeasonScheduleDto>;

export const recentRaceSchema = z
  .strictObject({
    subsessionId: int,
    sessionId: int,
    startTime: isoTime,
    raceWeekNum: int,
    track: trackSchema,
    official: z.boolean(),
    strengthOfField: int.nullable(),
    fieldSize: count,
    winner: driverRefSchema.extend({ teamName: z.string().nullable() }).nullable(),
    eventBestLapTime: lapTime,
    numCautions: count,
    numLeadChanges: count,
  })
  .register(apiSchemas, { id: 'RecentRace' }) satisfies z.ZodType<RecentRaceDto>;

export const carTimeSchema = z
  .strictObject({
    raceWeekNum: int,
    track: trackSchema,
    car: carSchema,
    drivers: count.describe('Drivers with a valid race lap in this car that week.'),
    entries: count.describe('Race starts in this car that week.'),
    bestLap: z
      .strictObject({
        lapTime: lapTime.unwrap(),
        driver: driverRefSchema,
        subsessionId: int,
        setAt: isoTime,
      })
      .nullable(),
    averageBestLapTime: lapTime.describe("Mean of the entries' best laps, 1/10000 s."),
    averageLapTime: lapTime.describe("Mean of the entries' average laps (race pace), 1/10000 s."),
  })
  .register(apiSchemas, { id: 'CarTime' }) satisfies z.ZodType<CarTimeDto>;

export const fastestLapSchema = z
  .strictObject({
    rank: int.positive(),
    driver: driverRefSchema.extend({ countryCode: z.string().nullable() }),
    car: carSchema,
    raceWeekNum: int,
    trackId: int,
    lapTime: lapTime.unwrap(),
    subsessionId: int,
    setAt: isoTime,
  })
  .register(apiSchemas, { id: 'FastestLap' }) satisfies z.ZodType<FastestLapDto>;

export const leaderboardEntrySchema = z
  .strictObject({
    rank: int.positive().describe('1-based; ties are broken by the lower customer id.'),
    custId: int,
    displayName: z.string(),
    countryCode: z.string().nullable(),
    value: count.describe("The leaderboard's own count (wins, poles, top fives or races)."),
    races: count,
    wins: count,
    poles: count,
    topFives: count,
    lapsLed: count,
    incidents: count,
  })
  .register(apiSchemas, { id: 'LeaderboardEntry' }) satisfies z.ZodType<LeaderboardEntryDto>;

export const scheduleResponse = z
  .strictObject({ data: scheduleSchema, meta: z.strictObject({}) })
  .register(apiSchemas, { id: 'SeasonScheduleResponse' });
export const carTimesResponse = pagedResponse('CarTimesResponse', carTimeSchema);
export const recentRacesResponse = pagedResponse('RecentRacesResponse', recentRaceSchema);
export const fastestLapsResponse = pagedResponse('FastestLapsResponse', fastestLapSchema);
export const leaderboardResponse = pagedResponse('LeaderboardResponse', leaderboardEntrySchema);

const summarySchema = z
  .strictObject({
    weeksRaced: count.describe('Weeks with at least one race.'),
    sessions: count,
    races: count.describe('Race splits (subsessions).'),
    entries: count.describe('Driver starts.'),
    uniqueDrivers: count.describe('Distinct drivers who started in the season.'),
    averageStrengthOfField: int.nullable(),
    maxStrengthOfField: int.nullable(),
  })
  .register(apiSchemas, { id: 'SeasonSummary' });

export const seasonOverviewSchema = z
  .strictObject({
    season: seasonSchema
      .nullable()
      .describe('null when the catalog does not describe the season (known only from its races).'),
    summary: summarySchema,
  })
  .register(apiSchemas, { id: 'SeasonOverview' }) satisfies z.ZodType<SeasonOverviewDto>;

export const seasonParticipationSchema = z
  .strictObject({
    weeks: z
      .array(participationSchema.extend({ raceWeekNum: int.describe('0-based.') }))
      .describe('Per week that has races: the sums of its time slots and its distinct drivers.'),
    timeSlots: z
      .array(
        participationSchema.extend({
          raceWeekNum: int.describe('0-based.'),
          timeSlot: z.string().describe('"HH:MM" UTC.'),
        }),
      )
      .describe('Per week and time slot, by week then slot.'),
  })
  .register(apiSchemas, { id: 'SeasonParticipation' }) satisfies z.ZodType<SeasonParticipationDto>;

export const seasonOverviewResponse = itemResponse('SeasonOverviewResponse', seasonOverviewSchema);
export const seasonParticipationResponse = itemResponse(
  'SeasonParticipationResponse',
  seasonParticipationSchema,
);
