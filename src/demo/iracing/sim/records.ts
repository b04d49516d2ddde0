import type { ScheduledWeek, SeriesSeason } from '../world/schedules.ts';

/** One race session (a time slot of a series): its splits share the session id. */
export interface SessionRecord {
  sessionId: number;
  seriesSeason: SeriesSeason;
  week: ScheduledWeek;
  startMs: number;
  subsessionIds: number[];
  /** Event SOF of each split, in split order. */
  sofs: number[];
}

export interface SubsessionSummary {
  endMs: number;
  /** Entrant index of the overall winner. */
  winner: number;
  lapsComplete: number;
  numCautions: number;
  numCautionLaps: number;
  numLeadChanges: number;
  eventBestLap: number;
  eventAverageLap: number;
  eventSof: number;
}

/**
 * The compact memory of a subsession: who raced and their state before the race. Together with
 * the world's static tables this regenerates the full results/get payload byte for byte (the race
 * replays from the subsession's own random stream), so the world keeps ~25 bytes per entrant
 * instead of the ~4 KB of JSON each entrant's rows take.
 */
export interface SubsessionRecord {
  subsessionId: number;
  session: SessionRecord;
  splitIndex: number;
  entrants: Int32Array;
  carIds: Int16Array;
  classIndex: Uint8Array;
  preIrating: Int32Array;
  preSubLevel: Int16Array;
  preGroup: Uint8Array;
  preCpi: Float32Array;
  preSeasonStarts: Int32Array;
  preAggregatePoints: Int32Array;
  summary: SubsessionSummary;
}

/** Append-only log of iRating values after each race: the source of member/chart_data. */
export class ChartLog {
  private driver = new Int32Array(1024);
  private cell = new Uint8Array(1024);
  private day = new Int32Array(1024);
  private value = new Int32Array(1024);
  private size = 0;
  private index: { starts: Int32Array; entries: Int32Array } | null = null;

  append(driver: number, category: number, day: number, value: number): void {
    if (this.size === this.driver.length) this.grow();
    this.driver[this.size] = driver;
    this.cell[this.size] = category;
    this.day[this.size] = day;
    this.value[this.size] = value;
    this.size++;
    this.index = null;
  }

  get length(): number {
    return this.size;
  }

  /** Points of one member and category, oldest first, one per day (the day's last value). */
  series(
    driver: number,
    category: number,
    categories: number,
    drivers: number,
  ): { day: number; value: number }[] {
    const index = this.buildIndex(categories, drivers);
    const key = driver * categories + category;
    const from = index.starts[key] as number;
    const to = index.starts[key + 1] as number;
    const points: { day: number; value: number }[] = [];
    for (let k = from; k < to; k++) {
      const entry = index.entries[k] as number;
      const day = this.day[entry] as number;
      const value = this.value[entry] as number;
      const last = points[points.length - 1];
      if (last && last.day === day) last.value = value;
      else points.push({ day, value });
    }
    return points;
  }

  /** A counting sort by (driver, category) that keeps append (time) order within each key. */
  private buildIndex(
    categories: number,
    drivers: number,
  ): { starts: Int32Array; entries: Int32Array } {
    if (this.index) return this.index;
    const keys = drivers * categories;
    const starts = new Int32Array(keys + 1);
    for (let k = 0; k < this.size; k++) {
      const key = (this.driver[k] as number) * categories + (this.cell[k] as number);
      starts[key + 1] = (starts[key + 1] as number) + 1;
    }
    for (let key = 0; key < keys; key++)
      starts[key + 1] = (starts[key + 1] as number) + (starts[key] as number);
    const fill = starts.slice(0, keys);
    const entries = new Int32Array(this.size);
    for (let k = 0; k < this.size; k++) {
      const key = (this.driver[k] as number) * categories + (this.cell[k] as number);
      entries[fill[key] as number] = k;
      fill[key] = (fill[key] as number) + 1;
    }
    this.index = { starts, entries };
    return this.index;
  }

  private grow(): void {
    const capacity = this.driver.length * 2;
    const grow32 = (a: Int32Array) => {
      const b = new Int32Array(capacity);
      b.set(a);
      return b;
    };
    this.driver = grow32(this.driver);
    this.day = grow32(this.day);
    this.value = grow32(this.value);
    const cell = new Uint8Array(capacity);
    cell.set(this.cell);
    this.cell = cell;
  }
}
