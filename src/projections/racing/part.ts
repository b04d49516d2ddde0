import type { Knex } from 'knex';
import type { RacingBatch } from './batch.ts';

/**
 * What one subsession contributed to the result read models: its identity, where it sits in the
 * calendar and the rows of its primary simsession. Built from the batch for the new facts and
 * loaded from racing_results for the facts a correction replaces, so every part derives its
 * additions and its subtractions from the same shape.
 */
export interface SubsessionContribution {
  readonly subsessionId: number;
  readonly sessionId: number;
  readonly seasonId: number;
  readonly seriesId: number;
  readonly seriesName: string;
  /** iRacing's season year (a season's races may start in the calendar year before). */
  readonly seasonYear: number;
  readonly raceWeekNum: number;
  readonly trackId: number;
  readonly trackName: string;
  readonly configName: string | null;
  readonly category: string;
  readonly eventType: string;
  readonly startTime: string;
  readonly timeSlot: string;
  readonly entries: readonly ContributionEntry[];
}

export interface ContributionEntry {
  readonly custId: number;
  readonly displayName: string;
  readonly countryCode: string | null;
  readonly teamId: number | null;
  readonly carId: number;
  readonly carName: string;
  readonly simsessionType: string;
  readonly finishPositionInClass: number;
  readonly startingPositionInClass: number | null;
  readonly lapsComplete: number;
  readonly lapsLed: number;
  readonly incidents: number;
  readonly bestLapTime: number | null;
  readonly averageLap: number | null;
  /** The iRating the driver brought into the race (null: unrated). */
  readonly oldIrating: number | null;
}

export interface PartContext {
  readonly batch: RacingBatch;
  /** The batch's subsessions as they are now. */
  readonly current: readonly SubsessionContribution[];
  /** What the batch's already-known subsessions contributed before (empty unless correcting). */
  readonly previous: readonly SubsessionContribution[];
}

/**
 * One read model fed by results (and profiles). Parts are combined into one projection
 * (./results-projection.ts) so the log's heaviest events are read and flattened once per batch;
 * each part still owns its tables, its DDL and its version.
 */
export interface ResultsPart {
  readonly name: string;
  readonly version: number;
  readonly tables: readonly string[];
  createTables(db: Knex.Transaction | Knex): Promise<void>;
  apply(trx: Knex.Transaction, ctx: PartContext): Promise<void>;
  /** A fresh rebuild of this part (see ./results-rebuild.ts). */
  rebuild(): PartRebuild;
}

/**
 * A part's share of a rebuild. The replay sees the whole log once, in order, into empty tables;
 * what `apply` maintains incrementally (sums, minima, recomputed keys) is computed once, set-based,
 * in `finish` from the replayed rows. Contract: after `finish` the part's tables hold the rows
 * and indexes `createTables` + `apply` produce from the same log.
 */
export interface PartRebuild {
  /** The tables with the keys the replay needs; secondary indexes may wait for `finish`. */
  createTables(trx: Knex.Transaction): Promise<void>;
  /**
   * One replay batch (optional), in log order: the work that needs no database now, the writes
   * in the returned function (called later, in batch order; see RebuildSession.prepare).
   * `superseded`: the batch's subsessions an earlier batch already wrote (corrections).
   */
  replay?(batch: RacingBatch, superseded: readonly number[]): BatchWrite | null;
  /**
   * After the last batch, in a transaction of its own: the first part (subsessions) completes
   * its tables alone, then the others run side by side, so they may read only the first part's
   * tables besides their own. For the others, two tables of the shadow schema exist (unqualified
   * names, read only): REPLAY_ORDER_TABLE (subsession_id, ord) gives each subsession's position
   * in the log (of its last event: higher = later), REPLAY_STARTS_TABLE every start
   * (../racing/rebuild-sql.ts); both are dropped before the swap. Fill the remaining tables,
   * create the deferred indexes.
   */
  finish(trx: Knex.Transaction): Promise<void>;
}

export type BatchWrite = (trx: Knex.Transaction) => Promise<void>;

/** Shadow table of the rebuild's finish: (subsession_id int4 PRIMARY KEY, ord int4). */
export const REPLAY_ORDER_TABLE = 'racing_replay_order';
