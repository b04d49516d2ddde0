import { SERIES } from '../catalog/series.ts';
import { resolveDemoOptions, type DemoWorldOptions } from '../options.ts';
import { WorldSimulation, type SimulatedWorld } from '../sim/simulation.ts';
import { RACE_WEEKS, WEEK_MS, seasonsEndingWith, type SeasonRef } from './calendar.ts';
import { generateDrivers, type DriverTable } from './drivers.ts';
import { buildSeriesSeason, type SeriesSeason } from './schedules.ts';

/**
 * A deterministic demo world: catalogue, members, seasons with schedules, and a lazily computed
 * race history. Creating it is cheap (members and schedules only); races are simulated when
 * something first asks for them (see WorldSimulation).
 */
export class DemoWorld implements SimulatedWorld {
  readonly options: DemoWorldOptions;
  readonly seasons: readonly SeasonRef[];
  readonly drivers: DriverTable;
  /** Start of the first simulated race week. */
  readonly startMs: number;
  /**
   * The world's "now"; nothing happens after it: the end of the last race week run, or the
   * cut-off inside it.
   */
  readonly nowMs: number;
  /** Race weeks simulated in total. */
  readonly totalWeeks: number;
  readonly simulation: WorldSimulation;
  private readonly bySeason: SeriesSeason[][];
  private readonly bySeasonId: Map<number, SeriesSeason>;

  constructor(options: DemoWorldOptions) {
    this.options = options;
    this.seasons = seasonsEndingWith(options.lastSeason, options.seasons);
    const first = this.seasons[0] as SeasonRef;
    const last = this.seasons[this.seasons.length - 1] as SeasonRef;
    this.startMs = first.startMs;
    this.totalWeeks = (this.seasons.length - 1) * RACE_WEEKS + options.weeksRunInLastSeason;
    this.nowMs = options.cutoffMs ?? last.startMs + options.weeksRunInLastSeason * WEEK_MS;
    this.bySeason = this.seasons.map((season) =>
      SERIES.map((series, index) => buildSeriesSeason(options.seed, season, series, index)),
    );
    this.bySeasonId = new Map(this.bySeason.flat().map((s) => [s.seasonId, s]));
    this.drivers = generateDrivers(
      options.seed,
      options.drivers,
      this.startMs,
      options.racesPerDriverPerWeek,
    );
    this.simulation = new WorldSimulation(this);
  }

  /** Start of the k-th simulated race week (0-based across seasons). */
  weekStart(week: number): number {
    const season = this.seasons[Math.floor(week / RACE_WEEKS)];
    if (!season) throw new RangeError(`week ${week} is outside the world`);
    return season.startMs + (week % RACE_WEEKS) * WEEK_MS;
  }

  seriesSeasonsOf(seasonIndex: number): readonly SeriesSeason[] {
    const list = this.bySeason[seasonIndex];
    if (!list) throw new RangeError(`season index ${seasonIndex} is outside the world`);
    return list;
  }

  seriesSeason(seasonId: number): SeriesSeason | undefined {
    return this.bySeasonId.get(seasonId);
  }

  allSeriesSeasons(): readonly SeriesSeason[] {
    return this.bySeason.flat();
  }

  /** 0-based race week running at `nowMs` in the last season (the next one after a full week). */
  get currentRaceWeek(): number {
    const run = this.options.weeksRunInLastSeason;
    return Math.min(this.options.cutoffMs === null ? run : run - 1, RACE_WEEKS - 1);
  }

  /** Race weeks of a season that have been (or will have been, by `nowMs`) run, the running one included. */
  weeksRun(season: SeasonRef): number {
    return season.index === this.seasons.length - 1
      ? this.options.weeksRunInLastSeason
      : RACE_WEEKS;
  }
}

export function createDemoWorld(overrides: Partial<DemoWorldOptions> = {}): DemoWorld {
  return new DemoWorld(resolveDemoOptions(overrides));
}
