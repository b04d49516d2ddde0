/**
 * The knobs of the demo world. Every default is chosen so that the embedded default (5,000
 * drivers) shows full series pages, and `--drivers 100000` yields more than a million race rows.
 */
export interface DemoWorldOptions {
  /** Same seed, same options → byte-identical payloads. */
  seed: number;
  /** Number of members. */
  drivers: number;
  /** Number of consecutive seasons (quarters) simulated, ending with `lastSeason`. */
  seasons: number;
  lastSeason: { year: number; quarter: 1 | 2 | 3 | 4 };
  /** Race weeks of the last season already run (1..12): the world's "now" is the end of that week. */
  weeksRunInLastSeason: number;
  /**
   * When set, the last of those weeks is still running: only its sessions starting before this
   * instant have raced, and it is the world's "now" (see `demoCalendarAt`).
   */
  cutoffMs: number | null;
  /** Mean official races per member per week (members vary around it; most race less). */
  racesPerDriverPerWeek: number;
  /** Entrants a session aims at: a series runs as many of its time slots as it can fill to this size. */
  targetFieldSize: number;
  /** Share of entrants who run laps in the practice attached to a race session. */
  practiceShare: number;
}

export const DEFAULT_DEMO_OPTIONS: DemoWorldOptions = {
  seed: 20_250_917,
  drivers: 5_000,
  seasons: 2,
  lastSeason: { year: 2025, quarter: 4 },
  weeksRunInLastSeason: 10,
  cutoffMs: null,
  racesPerDriverPerWeek: 0.55,
  targetFieldSize: 16,
  practiceShare: 0.35,
};

export function resolveDemoOptions(overrides: Partial<DemoWorldOptions> = {}): DemoWorldOptions {
  const options = { ...DEFAULT_DEMO_OPTIONS, ...overrides };
  const problems: string[] = [];
  if (!Number.isInteger(options.seed)) problems.push('seed must be an integer');
  if (!Number.isInteger(options.drivers) || options.drivers < 50)
    problems.push('drivers must be an integer ≥ 50');
  if (!Number.isInteger(options.seasons) || options.seasons < 1 || options.seasons > 12) {
    problems.push('seasons must be an integer in 1..12');
  }
  if (![1, 2, 3, 4].includes(options.lastSeason.quarter))
    problems.push('lastSeason.quarter must be 1..4');
  if (
    !Number.isInteger(options.weeksRunInLastSeason) ||
    options.weeksRunInLastSeason < 1 ||
    options.weeksRunInLastSeason > 12
  ) {
    problems.push('weeksRunInLastSeason must be an integer in 1..12');
  }
  if (options.cutoffMs !== null && !Number.isFinite(options.cutoffMs))
    problems.push('cutoffMs must be a finite instant or null');
  if (!(options.racesPerDriverPerWeek > 0 && options.racesPerDriverPerWeek <= 10)) {
    problems.push('racesPerDriverPerWeek must be in (0, 10]');
  }
  if (!Number.isInteger(options.targetFieldSize) || options.targetFieldSize < 2)
    problems.push('targetFieldSize must be an integer ≥ 2');
  if (!(options.practiceShare >= 0 && options.practiceShare <= 1))
    problems.push('practiceShare must be in [0, 1]');
  if (problems.length > 0)
    throw new RangeError(`invalid demo world options: ${problems.join('; ')}`);
  return options;
}
