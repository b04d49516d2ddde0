import { z } from 'zod';
import { defineEvent, type EventData, type EventDefinition } from '../eventstore/event-types.ts';

/**
 * Session replays (stream `replay-<sessionId>`): an operator asks Pitwall to re-fetch the
 * subsessions of one iRacing session from the source and re-ingest them (idempotent: unchanged
 * results append nothing, changed ones a correction). Each request is a numbered run of the
 * session's stream: requested → started (once per job attempt) → completed or failed.
 * `requestedBy` is an opaque user id (or null for the system), never personal data.
 */

export const replayStreamName = (sessionId: number) => `replay-${sessionId}`;

const sessionId = z.number().int().positive();
const run = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });

export const replayRequestedData = z.object({
  sessionId,
  run,
  requestedBy: z.string().min(1).nullable(),
  requestedAt: isoTime,
});

export const replayStartedData = z.object({
  sessionId,
  run,
  /** The job's attempt (1 = first try; more after a crash or a transient failure). */
  attempt: z.number().int().positive(),
  startedAt: isoTime,
});

export const replayFailedSubsession = z.object({
  subsessionId: z.number().int(),
  reason: z.string(),
});

export const replayCompletedData = z.object({
  sessionId,
  run,
  completedAt: isoTime,
  /** Subsessions re-fetched and recorded. */
  subsessions: z.number().int().nonnegative(),
  /** Racing events appended (0 when nothing changed at the source). */
  appended: z.number().int().nonnegative(),
  /** Of `appended`, corrections of results recorded before. */
  corrected: z.number().int().nonnegative(),
  /** Subsessions that could not be fetched or mapped (the others were recorded). */
  failed: z.array(replayFailedSubsession),
});

export const replayFailedData = z.object({
  sessionId,
  run,
  failedAt: isoTime,
  reason: z.string().min(1),
});

export const ReplayRequested = defineEvent({
  type: 'ReplayRequested',
  version: 1,
  schema: replayRequestedData,
});
export const ReplayStarted = defineEvent({
  type: 'ReplayStarted',
  version: 1,
  schema: replayStartedData,
});
export const ReplayCompleted = defineEvent({
  type: 'ReplayCompleted',
  version: 1,
  schema: replayCompletedData,
});
export const ReplayFailed = defineEvent({
  type: 'ReplayFailed',
  version: 1,
  schema: replayFailedData,
});

type Domain<D extends EventDefinition> = { type: D['type']; data: EventData<D> };

export type ReplayRequested = Domain<typeof ReplayRequested>;
export type ReplayStarted = Domain<typeof ReplayStarted>;
export type ReplayCompleted = Domain<typeof ReplayCompleted>;
export type ReplayFailed = Domain<typeof ReplayFailed>;
export type ReplayEvent = ReplayRequested | ReplayStarted | ReplayCompleted | ReplayFailed;

/** Every definition of this file, for the event registry (src/events/index.ts). */
export const replayEventDefinitions = [
  ReplayRequested,
  ReplayStarted,
  ReplayCompleted,
  ReplayFailed,
] as const;

export const replayEventTypes = [
  ReplayRequested.type,
  ReplayStarted.type,
  ReplayCompleted.type,
  ReplayFailed.type,
] as const satisfies readonly ReplayEvent['type'][];
