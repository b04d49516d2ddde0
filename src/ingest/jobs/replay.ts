import type { Knex } from 'knex';
import { runReplayCommand } from '../../commands/replays/handlers.ts';
import type { CommandDeps } from '../../commands/core/handle-command.ts';
import type { EventStore } from '../../eventstore/port.ts';
import { subsessionIdsOfSession } from '../../queries/replays.ts';
import { describeFailure, isFatalForRun } from '../pipeline/failures.ts';
import { ingestSubsessions, type IngestContext } from '../pipeline/ingest-results.ts';
import { mapSubsessionResult } from '../pipeline/map-results.ts';
import { IngestWriter, type AppendedNotice } from '../pipeline/writer.ts';
import type { ResolvedSource } from './source.ts';

export interface ReplayDeps {
  knex: Knex;
  eventStore: EventStore;
  source: ResolvedSource;
  /** Replay events' clock, actor and wake-ups (defaults: system clock, system actor). */
  command?: Omit<CommandDeps, 'actor'>;
  onAppended?: (notice: AppendedNotice) => unknown;
  concurrency?: number;
  signal?: AbortSignal;
}

export type ReplayOutcome =
  | { kind: 'skipped'; reason: string }
  | { kind: 'done'; subsessions: number; appended: number; corrected: number; failed: number }
  | { kind: 'failed'; reason: string };

const SYSTEM = { type: 'system' as const, id: 'sessions.replay' };

/**
 * One attempt of a replay run:
 *  1. ReplayStarted (only if the run is still the current, unfinished one: a duplicate or late
 *     job does nothing);
 *  2. the session's subsessions: those the read models know, plus the splits the source lists
 *     for the session (`session_splits` of the first one re-fetched);
 *  3. each re-fetched and recorded through the ingest pipeline (unchanged → nothing appended,
 *     changed → SubsessionResultsCorrected), bounded concurrency;
 *  4. ReplayCompleted with the counts (the subsessions that failed listed), or ReplayFailed when
 *     none could be re-fetched or the session is unknown.
 * An error that stops the whole attempt (credentials, database) is rethrown for the job's retry;
 * on the last attempt the run is marked failed with its message first.
 */
export async function performSessionReplay(
  deps: ReplayDeps,
  run: { sessionId: number; run: number },
  attempt: { attempt: number; maxAttempts: number },
): Promise<ReplayOutcome> {
  const commandDeps = { ...deps.command, eventStore: deps.eventStore, actor: SYSTEM };
  const { sessionId } = run;
  const started = await runReplayCommand(commandDeps, {
    type: 'StartReplay',
    data: { ...run, attempt: attempt.attempt },
  });
  if (started.state.status !== 'running' || started.state.run !== run.run) {
    return { kind: 'skipped', reason: `run ${run.run} of session ${sessionId} is not pending` };
  }
  const fail = async (reason: string): Promise<ReplayOutcome> => {
    await runReplayCommand(commandDeps, { type: 'FailReplay', data: { ...run, reason } });
    return { kind: 'failed', reason };
  };

  try {
    const writer = new IngestWriter(deps.eventStore, {
      now: deps.source.now,
      source: deps.source.source,
      correlationId: `replay-${sessionId}-${run.run}`,
      ...(deps.onAppended ? { onAppended: deps.onAppended } : {}),
    });
    const ctx: IngestContext = {
      client: deps.source.client,
      writer,
      concurrency: deps.concurrency ?? 4,
      ...(deps.signal ? { signal: deps.signal } : {}),
    };

    const known = await subsessionIdsOfSession(deps.knex, sessionId);
    if (known.length === 0) {
      return await fail(
        `Session ${sessionId} is unknown: none of its subsessions has been ingested.`,
      );
    }
    // The first one, fetched here, also tells the session's splits as the source knows them now.
    const first = known[0]!;
    let splits: number[] = [];
    const failed: { subsessionId: number; reason: string }[] = [];
    let recorded = 0;
    try {
      const payload = await ctx.client.subsessionResult(first);
      splits = (payload.session_splits ?? []).map((s) => s.subsession_id);
      if (payload.session_id !== sessionId) {
        return await fail(
          `Subsession ${first} belongs to session ${payload.session_id} at the source, not ${sessionId}.`,
        );
      }
      await writer.record([{ kind: 'subsession', data: mapSubsessionResult(payload) }]);
      recorded += 1;
    } catch (err) {
      if (isFatalForRun(err)) throw err;
      failed.push({
        subsessionId: first,
        reason: describeFailure(`subsession ${first}`, err).message,
      });
    }
    const rest = [...new Set([...known, ...splits])]
      .filter((id) => id !== first)
      .sort((a, b) => a - b);
    const report = await ingestSubsessions(ctx, rest);
    recorded += report.ingested;
    report.failedIds.forEach((id, i) =>
      failed.push({ subsessionId: id, reason: report.failed[i]?.message ?? 'failed' }),
    );
    await writer.flush();

    if (recorded === 0) {
      return await fail(
        `None of the ${failed.length} subsessions could be re-fetched: ${failed[0]?.reason ?? 'unknown error'}`,
      );
    }
    const { appended, corrected } = writer.counts;
    await runReplayCommand(commandDeps, {
      type: 'CompleteReplay',
      data: { ...run, subsessions: recorded, appended, corrected, failed },
    });
    return { kind: 'done', subsessions: recorded, appended, corrected, failed: failed.length };
  } catch (err) {
    if (attempt.attempt >= attempt.maxAttempts) {
      await fail(err instanceof Error ? err.message : String(err));
    }
    throw err;
  }
}
