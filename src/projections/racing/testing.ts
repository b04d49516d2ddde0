import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import type { TestDatabase } from '../../../tests/support/runtime.ts';
import {
  racingCategoryFromId,
  subsessionResultsData,
  type DriverResult,
  type RacingEvent,
  type SimsessionType,
  type SubsessionResultsData,
} from '../../events/racing.ts';
import { makePosition, type RecordedEvent } from '../../eventstore/port.ts';
import { racingProjections } from './index.ts';

/**
 * Test support for the racing read models: gives a test file its own database with the racing
 * tables, applies racing events to them the way the runner does (each projection its own
 * transaction, recorded-event envelopes) without an event store, and builds events from
 * factories or from the recorded iRacing fixtures.
 */

let sequence = 0;

/** Events as the store hands them to a projection (any event shape: racing or not). */
export function asRecorded(
  events: readonly { type: string; data: unknown }[],
  occurredAt = '2025-01-01T00:00:00.000Z',
): RecordedEvent[] {
  return events.map((e) => ({
    ...e,
    id: randomUUID(),
    metadata: { occurredAt },
    streamName: 'racing-test',
    revision: 0n,
    position: makePosition(1, ++sequence),
    schemaVersion: 1,
    recordedAt: new Date(),
  }));
}

export async function createRacingTables(knex: Knex): Promise<void> {
  for (const p of racingProjections) await p.createTables(knex);
}

/**
 * Names whose JSON needs escaping (quotes, backslashes, control characters, line and paragraph
 * separators, non-Latin text, HTML): the tests of every answer PostgreSQL writes as JSON text
 * hold it to JSON.stringify's output on these.
 */
export const NAMES_NEEDING_ESCAPES: readonly string[] = [
  'Quote " and \\ backslash',
  'Tab\there, new\nline, return\r, \b\f',
  'Control \u0001\u001f\u007f',
  'Jörg Möller ØÆ 中文 🏎️',
  'Separators \u2028\u2029',
  "O'Brien </script>",
];

/** A test file's database with the racing tables; `knex` may be used inside hooks and tests only. */
export interface RacingTestDatabase {
  readonly knex: Knex;
}

/**
 * A fresh test database with every racing table for the enclosing file or describe: a beforeAll
 * copies the migrated template under a unique name (tests/support/runtime.ts, so files running
 * in parallel never share rows), creates the racing tables and applies `seed`; an afterAll drops
 * it. A test's own seeding hooks are registered after this call (vitest runs them in order).
 */
export function useRacingDatabase(
  options: { seed?: (knex: Knex) => Promise<void> } = {},
): RacingTestDatabase {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    // Loaded here, not at the top: the int-test harness brings the whole app runtime, which the
    // unit tests that import only this file's event factories do not need.
    const { createTestDatabase } = await import('../../../tests/support/runtime.ts');
    db = await createTestDatabase();
    await createRacingTables(db.knex);
    await options.seed?.(db.knex);
  });
  afterAll(async () => {
    await db?.drop();
    db = undefined;
  });
  return {
    get knex(): Knex {
      if (!db)
        throw new Error('useRacingDatabase: the database exists only inside hooks and tests');
      return db.knex;
    },
  };
}

/** Applies the events to every racing projection that handles their types, one batch each. */
export async function applyRacingEvents(
  knex: Knex,
  events: readonly RacingEvent[] | readonly RecordedEvent[],
  opts: { occurredAt?: string } = {},
): Promise<void> {
  const recorded = events.map((e) => ('position' in e ? e : asRecorded([e], opts.occurredAt)[0]!));
  for (const p of racingProjections) {
    const mine = recorded.filter((e) => p.eventTypes.includes(e.type));
    if (mine.length > 0) await knex.transaction((trx) => p.apply(trx, mine));
  }
}

type Row = Record<string, unknown>;

/** The first row of `table` matching `where` (for assertions). */
export async function rowOf(knex: Knex, table: string, where: Row): Promise<Row | undefined> {
  const rows = (await knex(table).where(where).limit(1)) as Row[];
  return rows[0];
}

/** All rows of `table` matching `where`, ordered (for assertions). */
export async function rowsOf(
  knex: Knex,
  table: string,
  where: Row,
  orderBy: string[] = [],
): Promise<Row[]> {
  let q = knex(table).where(where);
  for (const c of orderBy) q = q.orderBy(c);
  return (await q) as Row[];
}

export function buildDriverResult(overrides: Partial<DriverResult> = {}): DriverResult {
  return {
    custId: 1000,
    displayName: 'Driver 1000',
    countryCode: 'DE',
    clubName: 'DE-AT-CH',
    teamId: null,
    teamName: null,
    carId: 132,
    carName: 'BMW M4 GT3',
    carClassId: 4005,
    finishPosition: 1,
    finishPositionInClass: 1,
    startingPosition: 1,
    startingPositionInClass: 1,
    lapsComplete: 20,
    lapsLed: 0,
    incidents: 0,
    bestLapTime: 1_000_000,
    bestLapNum: 5,
    averageLap: 1_010_000,
    qualLapTime: null,
    interval: 0,
    oldIrating: 2000,
    newIrating: 2010,
    oldSubLevel: 300,
    newSubLevel: 310,
    oldLicenseLevel: 15,
    newLicenseLevel: 15,
    reasonOut: 'Running',
    champPoints: 100,
    ...overrides,
  };
}

/** A race row of driver `custId` finishing and starting at `position` (in class too). */
export function raceRow(
  custId: number,
  position: number,
  overrides: Partial<DriverResult> = {},
): DriverResult {
  return buildDriverResult({
    custId,
    displayName: `Driver ${custId}`,
    finishPosition: position,
    finishPositionInClass: position,
    startingPosition: position,
    startingPositionInClass: position,
    ...overrides,
  });
}

/** A race subsession with the given race (and optional qualifying) rows; defaults for the rest. */
export function buildSubsession(
  overrides: Partial<Omit<SubsessionResultsData, 'simsessions'>> & {
    race?: DriverResult[];
    qualify?: DriverResult[];
  } = {},
): SubsessionResultsData {
  const { race, qualify, ...rest } = overrides;
  const raceRows = race ?? [buildDriverResult()];
  const simsessions: SubsessionResultsData['simsessions'] = [];
  if (qualify)
    simsessions.push({ simsessionNumber: -1, type: 'qualify', name: 'QUALIFY', results: qualify });
  simsessions.push({ simsessionNumber: 0, type: 'race', name: 'RACE', results: raceRows });
  return {
    subsessionId: 1,
    sessionId: 10,
    seriesId: 210,
    seriesName: 'Global Fanatec Challenge',
    seasonId: 3620,
    seasonName: 'Global Fanatec Challenge - 2022 Season 2',
    seasonYear: 2022,
    seasonQuarter: 2,
    raceWeekNum: 2,
    startTime: '2022-04-04T01:30:00Z',
    endTime: null,
    track: { trackId: 249, trackName: 'Nürburgring Nordschleife', configName: 'Industriefahrten' },
    category: 'road',
    eventType: 'race',
    official: true,
    teamEvent: false,
    eventStrengthOfField: 1683,
    eventBestLapTime: null,
    eventAverageLap: null,
    eventLapsComplete: 20,
    numCautions: 0,
    numCautionLaps: 0,
    numLeadChanges: 0,
    carClasses: [],
    simsessions,
    ...rest,
  };
}

// --- the recorded fixtures ---------------------------------------------------------------------

export const fixturesDir =
  process.env.IRACING_FIXTURES_DIR ??
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../../shared/fixtures/iracing-data-api',
  );

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call -- raw fixture JSON, checked by the event schema at the end */
export function readFixture(folder: string, file: string): any {
  return JSON.parse(readFileSync(path.join(fixturesDir, folder, file), 'utf8')).content;
}

const lap = (v: number): number | null => (v > 0 ? v : null);
const rating = (v: number): number | null => (v >= 0 ? v : null);
const place = (v: number): number | null => (v >= 0 ? v + 1 : null);

function simsessionType(name: string): SimsessionType {
  if (/RACE|HEAT|FEATURE|CONSOLATION/i.test(name)) return 'race';
  if (/QUAL/i.test(name)) return 'qualify';
  if (/WARM/i.test(name)) return 'warmup';
  return 'practice';
}

function driverRow(r: any, team: any): DriverResult {
  const pos = team ?? r;
  return {
    custId: r.cust_id,
    displayName: r.display_name,
    countryCode: r.country_code ?? null,
    clubName: r.club_name ?? null,
    teamId: team ? team.team_id : null,
    teamName: team ? team.display_name : null,
    carId: r.car_id,
    carName: r.car_name,
    carClassId: r.car_class_id,
    finishPosition: pos.finish_position + 1,
    finishPositionInClass: pos.finish_position_in_class + 1,
    startingPosition: place(pos.starting_position),
    startingPositionInClass: place(pos.starting_position_in_class),
    lapsComplete: r.laps_complete,
    lapsLed: r.laps_lead,
    incidents: r.incidents,
    bestLapTime: lap(r.best_lap_time),
    bestLapNum: r.best_lap_num >= 0 ? r.best_lap_num : null,
    averageLap: lap(r.average_lap),
    qualLapTime: lap(r.qual_lap_time),
    interval: r.interval >= 0 ? r.interval : null,
    oldIrating: rating(r.oldi_rating),
    newIrating: rating(r.newi_rating),
    oldSubLevel: rating(r.old_sub_level),
    newSubLevel: rating(r.new_sub_level),
    oldLicenseLevel: r.old_license_level > 0 ? r.old_license_level : null,
    newLicenseLevel: r.new_license_level > 0 ? r.new_license_level : null,
    reasonOut: r.reason_out,
    champPoints: r.champ_points ?? null,
  };
}

const EVENT_TYPE: Record<number, SubsessionResultsData['eventType']> = {
  2: 'practice',
  3: 'qualify',
  4: 'time_trial',
  5: 'race',
};

/**
 * A results/get fixture as a SubsessionResultsRecorded payload. A test-only mapping (the real
 * one belongs to the ingest); validated by the event's zod schema.
 */
export function subsessionFromFixture(folder: string): SubsessionResultsData {
  const d = readFixture(folder, '2.json');
  const data = {
    subsessionId: d.subsession_id,
    sessionId: d.session_id,
    seriesId: d.series_id,
    seriesName: d.series_name,
    seasonId: d.season_id,
    seasonName: d.season_name,
    seasonYear: d.season_year,
    seasonQuarter: d.season_quarter,
    raceWeekNum: d.race_week_num,
    startTime: d.start_time,
    endTime: d.end_time ?? null,
    track: {
      trackId: d.track.track_id,
      trackName: d.track.track_name,
      configName: d.track.config_name ?? null,
    },
    category: racingCategoryFromId(d.license_category_id),
    eventType: EVENT_TYPE[d.event_type],
    official: d.official_session,
    teamEvent: d.max_team_drivers > 1,
    eventStrengthOfField: d.event_strength_of_field,
    eventBestLapTime: lap(d.event_best_lap_time),
    eventAverageLap: lap(d.event_average_lap),
    eventLapsComplete: d.event_laps_complete,
    numCautions: d.num_cautions,
    numCautionLaps: d.num_caution_laps,
    numLeadChanges: d.num_lead_changes,
    carClasses: d.car_classes.map((c: any) => ({
      carClassId: c.car_class_id,
      name: c.name,
      shortName: c.short_name,
      strengthOfField: c.strength_of_field ?? null,
      numEntries: c.num_entries ?? null,
      carIds: c.cars_in_class.map((x: any) => x.car_id),
    })),
    simsessions: d.session_results.map((s: any) => ({
      simsessionNumber: s.simsession_number,
      type: simsessionType(s.simsession_name),
      name: s.simsession_name,
      results: s.results.flatMap((r: any) =>
        Array.isArray(r.driver_results)
          ? r.driver_results.map((x: any) => driverRow(x, r))
          : [driverRow(r, null)],
      ),
    })),
  };
  return subsessionResultsData.parse(data);
}
/* eslint-enable */
