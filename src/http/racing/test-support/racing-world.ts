import { randomUUID } from 'node:crypto';
import {
  carStreamName,
  driverStreamName,
  seasonStreamName,
  seriesStreamName,
  subsessionStreamName,
  trackStreamName,
  type DriverResult,
  type RacingEvent,
  type SeasonScheduledData,
  type SubsessionResultsData,
} from '../../../events/racing.ts';
import type { EventStore } from '../../../eventstore/index.ts';
import type { Logger } from '../../../logger.ts';
import { rebuildProjection } from '../../../projections/core/rebuild.ts';
import type { Knex } from '../../../db/knex.ts';
import { racingProjections } from '../../../projections/racing/index.ts';
import { buildSubsession, raceRow } from '../../../projections/racing/testing.ts';

/**
 * A small, fully known racing world for the API tests: two series with a season each (a
 * three-week sports car season with two splits a week, and a one-race oval season), a third
 * series without a season, 24 drivers with profiles. Everything is appended to the event store
 * and projected by the real projections, so the API reads what production would.
 */

export const GT3_SEASON = 3620;
export const OVAL_SEASON = 5000;
export const UNKNOWN_ID = 999_999;

export const CARS = {
  bmw: { carId: 132, carName: 'BMW M4 GT3' },
  porsche: { carId: 169, carName: 'Porsche 911 GT3 R' },
  camaro: { carId: 140, carName: 'Next Gen Chevrolet Camaro ZL1' },
} as const;

export const TRACKS = [
  { trackId: 18, trackName: 'Road America', configName: 'Full Course' },
  { trackId: 47, trackName: 'Circuit de Spa-Francorchamps', configName: 'Grand Prix Pits' },
  { trackId: 249, trackName: 'Nürburgring Nordschleife', configName: 'Industriefahrten' },
] as const;
export const DAYTONA = {
  trackId: 191,
  trackName: 'Daytona International Speedway',
  configName: 'Oval',
};

const FIRST_NAMES = ['Lena', 'Lenny', 'Helena', 'Jonas', 'Mia', 'Noah', 'Emma', 'Liam'];
const LAST_NAMES = ['Fischer', 'Fisher', 'Berg'];
const COUNTRIES = ['DE', 'US', 'GB'] as const;

export interface WorldDriver {
  custId: number;
  displayName: string;
  countryCode: string;
  sportsCarIrating: number;
  ovalIrating: number | null;
}

/** 24 drivers: every first name with every last name ("Lena Fischer" … "Liam Berg"). */
export const DRIVERS: WorldDriver[] = FIRST_NAMES.flatMap((first, i) =>
  LAST_NAMES.map((last, j) => {
    const n = i * LAST_NAMES.length + j;
    return {
      custId: 1001 + n,
      displayName: `${first} ${last}`,
      countryCode: COUNTRIES[n % COUNTRIES.length]!,
      sportsCarIrating: 1400 + ((n * 437) % 3000),
      ovalIrating: n % 2 === 0 ? 1500 + n * 50 : null,
    };
  }),
);

export const driverNamed = (name: string): WorldDriver => {
  const d = DRIVERS.find((x) => x.displayName === name);
  if (!d) throw new Error(`no driver ${name}`);
  return d;
};

const WEEKS = 3;
const SPLIT_SIZE = 12;

/** Subsession id of season 3620, week `week` (0-based), split `split` (0 = top split). */
export const gt3SubsessionId = (week: number, split: number) => 70_000 + week * 10 + split;
export const OVAL_SUBSESSION = 80_000;

/** The finishing order of one split: the split's drivers rotated by the week. */
function order(week: number, split: number): WorldDriver[] {
  const field = DRIVERS.slice(split * SPLIT_SIZE, (split + 1) * SPLIT_SIZE);
  return field.map((_, i) => field[(i + week * 5) % field.length]!);
}

function resultRow(
  driver: WorldDriver,
  position: number,
  car: { carId: number; carName: string },
  overrides: Partial<DriverResult> = {},
): DriverResult {
  return raceRow(driver.custId, position, {
    displayName: driver.displayName,
    countryCode: driver.countryCode,
    carId: car.carId,
    carName: car.carName,
    bestLapTime: 1_200_000 + position * 1_500 + driver.custId,
    averageLap: 1_230_000 + position * 2_000,
    oldIrating: driver.sportsCarIrating,
    newIrating: driver.sportsCarIrating + (6 - position) * 5,
    lapsLed: position === 1 ? 10 : 0,
    incidents: position % 4,
    ...overrides,
  });
}

export interface WorldSubsession {
  data: SubsessionResultsData;
}

export function gt3Subsessions(): SubsessionResultsData[] {
  const out: SubsessionResultsData[] = [];
  for (let week = 0; week < WEEKS; week++) {
    for (let split = 0; split < 2; split++) {
      const finishing = order(week, split);
      const carOf = (d: WorldDriver) => (d.custId % 2 === 0 ? CARS.bmw : CARS.porsche);
      const race = finishing.map((d, i) => resultRow(d, i + 1, carOf(d)));
      // The qualifying order is the race order reversed (pole = last finisher).
      const qualify = [...finishing].reverse().map((d, i) =>
        resultRow(d, i + 1, carOf(d), {
          lapsComplete: 3,
          lapsLed: 0,
          oldIrating: null,
          newIrating: null,
        }),
      );
      const start = new Date(Date.UTC(2022, 2, 15 + week * 7, 12 + split * 2, 0, 0));
      out.push(
        buildSubsession({
          subsessionId: gt3SubsessionId(week, split),
          sessionId: 7_000 + week * 10 + split,
          seriesId: 210,
          seriesName: 'Global Fanatec Challenge',
          seasonId: GT3_SEASON,
          seasonName: 'Global Fanatec Challenge - 2022 Season 2',
          seasonYear: 2022,
          seasonQuarter: 2,
          raceWeekNum: week,
          startTime: start.toISOString(),
          track: TRACKS[week]!,
          category: 'sports_car',
          eventStrengthOfField: split === 0 ? 2500 : 1800,
          race,
          qualify,
        }),
      );
    }
  }
  return out;
}

export function ovalSubsession(): SubsessionResultsData {
  const field = DRIVERS.filter((d) => d.ovalIrating !== null).slice(0, 6);
  return buildSubsession({
    subsessionId: OVAL_SUBSESSION,
    sessionId: 8_000,
    seriesId: 400,
    seriesName: 'NASCAR Cup Series',
    seasonId: OVAL_SEASON,
    seasonName: 'NASCAR Cup Series - 2022 Season 2',
    seasonYear: 2022,
    seasonQuarter: 2,
    raceWeekNum: 0,
    startTime: '2022-03-20T18:00:00.000Z',
    track: DAYTONA,
    category: 'oval',
    eventStrengthOfField: 2100,
    race: field.map((d, i) =>
      resultRow(d, i + 1, CARS.camaro, {
        oldIrating: d.ovalIrating,
        newIrating: (d.ovalIrating ?? 0) + 10,
        bestLapTime: 480_000 + i * 700,
      }),
    ),
  });
}

function season(
  over: Pick<SeasonScheduledData, 'seasonId' | 'seriesId' | 'seriesName' | 'category'> & {
    tracks: readonly { trackId: number; trackName: string; configName: string | null }[];
  },
): SeasonScheduledData {
  return {
    seasonId: over.seasonId,
    seriesId: over.seriesId,
    seriesName: over.seriesName,
    seasonName: `${over.seriesName} - 2022 Season 2`,
    seasonShortName: '2022 Season 2',
    seasonYear: 2022,
    seasonQuarter: 2,
    category: over.category,
    official: true,
    active: true,
    complete: false,
    licenseGroup: 4,
    multiclass: false,
    fixedSetup: false,
    maxWeeks: 12,
    startDate: '2022-03-15',
    carClassIds: [4005],
    scheduleDescription: 'Races every 2 hours on the hour',
    weeks: over.tracks.map((t, week) => ({
      raceWeekNum: week,
      startDate: new Date(Date.UTC(2022, 2, 15 + week * 7)).toISOString().slice(0, 10),
      track: { ...t, category: over.category },
      raceLapLimit: null,
      raceTimeLimitMinutes: 40,
      timeSlots: ['12:00', '14:00'],
      startType: 'Rolling',
    })),
  };
}

/** Every event of the world, each with the stream it belongs to. */
export function worldEvents(): { stream: string; event: RacingEvent }[] {
  const out: { stream: string; event: RacingEvent }[] = [];
  const add = (stream: string, event: RacingEvent) => out.push({ stream, event });
  for (const car of Object.values(CARS)) {
    add(carStreamName(car.carId), {
      type: 'CarCatalogued',
      data: { ...car, carShortName: null, carTypes: [], categories: ['sports_car'] },
    });
  }
  for (const track of [...TRACKS, DAYTONA]) {
    add(trackStreamName(track.trackId), {
      type: 'TrackCatalogued',
      data: { ...track, category: null, lengthKm: null, cornersPerLap: null },
    });
  }
  const series = [
    {
      seriesId: 210,
      seriesName: 'Global Fanatec Challenge',
      short: 'GT3 Challenge',
      category: 'sports_car' as const,
    },
    { seriesId: 400, seriesName: 'NASCAR Cup Series', short: 'Cup', category: 'oval' as const },
    {
      seriesId: 300,
      seriesName: 'Advanced Mazda MX-5 Cup',
      short: 'MX-5 Cup',
      category: 'sports_car' as const,
    },
  ];
  for (const s of series) {
    add(seriesStreamName(s.seriesId), {
      type: 'SeriesCatalogued',
      data: {
        seriesId: s.seriesId,
        seriesName: s.seriesName,
        seriesShortName: s.short,
        category: s.category,
        licenseGroup: 3,
        official: true,
        multiclass: false,
        logo: null,
        description: null,
      },
    });
  }
  add(seasonStreamName(GT3_SEASON), {
    type: 'SeasonScheduled',
    data: season({
      seasonId: GT3_SEASON,
      seriesId: 210,
      seriesName: 'Global Fanatec Challenge',
      category: 'sports_car',
      tracks: TRACKS,
    }),
  });
  add(seasonStreamName(OVAL_SEASON), {
    type: 'SeasonScheduled',
    data: season({
      seasonId: OVAL_SEASON,
      seriesId: 400,
      seriesName: 'NASCAR Cup Series',
      category: 'oval',
      tracks: [DAYTONA],
    }),
  });
  for (const d of DRIVERS) {
    add(driverStreamName(d.custId), {
      type: 'DriverProfileRecorded',
      data: {
        custId: d.custId,
        displayName: d.displayName,
        memberSince: '2015-06-01',
        countryCode: d.countryCode,
        flairName: null,
        clubName: null,
        licenses: [
          {
            category: 'sports_car',
            licenseLevel: 16,
            safetyRating: 3.45,
            group: 4,
            irating: d.sportsCarIrating,
            ttRating: null,
            cpi: null,
          },
          ...(d.ovalIrating === null
            ? []
            : [
                {
                  category: 'oval' as const,
                  licenseLevel: 12,
                  safetyRating: 2.5,
                  group: 3,
                  irating: d.ovalIrating,
                  ttRating: null,
                  cpi: null,
                },
              ]),
        ],
      },
    });
  }
  for (const data of [...gt3Subsessions(), ovalSubsession()]) {
    add(subsessionStreamName(data.subsessionId), { type: 'SubsessionResultsRecorded', data });
  }
  return out;
}

/**
 * Appends the world to the store (profiles dated after the races, so they are the drivers'
 * current facts) and builds every racing read model from the log.
 */
export async function seedRacingWorld(deps: {
  knex: Knex;
  eventStore: EventStore;
  logger: Logger;
}): Promise<void> {
  for (const { stream, event } of worldEvents()) {
    const occurredAt =
      event.type === 'DriverProfileRecorded'
        ? '2022-06-01T00:00:00.000Z'
        : '2022-04-01T00:00:00.000Z';
    await deps.eventStore.append(stream, [
      { id: randomUUID(), type: event.type, data: event.data, metadata: { occurredAt } },
    ]);
  }
  for (const projection of racingProjections) {
    const result = await rebuildProjection(deps, projection, { waitForLock: true });
    if (result.kind !== 'rebuilt') throw new Error(`${projection.name}: ${result.kind}`);
  }
}
