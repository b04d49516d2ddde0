import { randomUUID } from 'node:crypto';
import type { Logger } from '../../logger.ts';
import {
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type StreamRevision,
} from '../../eventstore/port.ts';
import type { DecideContext, Decider, DomainCommand, DomainEvent } from './decider.ts';
import { conflictError } from './errors.ts';

/** What was appended, for whoever wakes the projections (src/jobs). */
export interface AppendedInfo {
  streamName: string;
  eventTypes: string[];
  position: Position;
}

/** Per-command dependencies: everything impure a command needs besides the event store. */
export interface CommandDeps {
  /** Clock; read once per command, so every retry decides with the same time. Default: system clock. */
  now?: () => Date;
  /** New ids (event ids and any id a decision needs). Default: random uuid v4. */
  newId?: () => string;
  /** Recorded in every event's metadata. A user id or a system actor, never personal data. */
  actor?: EventMetadata['actor'];
  correlationId?: string;
  causationId?: string;
  /**
   * Called after a successful append (e.g. the jobs' wake-up). A failure here is logged and
   * swallowed: the events are committed, and the projections' safety poll picks them up.
   */
  notifyAppended?: (appended: AppendedInfo) => unknown;
  logger?: Pick<Logger, 'warn'>;
  retry?: {
    /** Total attempts including the first. Default 4 (three retries). */
    maxAttempts?: number;
    /** Base of the exponential backoff with full jitter. Default 10 ms. */
    baseDelayMs?: number;
  };
}

export interface HandleOptions {
  /**
   * The revision the caller last saw (e.g. the version an edit form was opened at). When set,
   * a stream at another revision fails with a 409 DomainError `stale_revision` and there is
   * no retry: the caller decided on what it saw, so a silent re-decision would be wrong.
   */
  expectedRevision?: StreamRevision;
}

export interface CommandResult<State, Event extends DomainEvent> {
  /** The events appended (with their ids and metadata); [] when the decision was a no-op. */
  events: NewEvent<Event['type'], Event['data']>[];
  /** State before and after the decision. */
  stateBefore: State;
  state: State;
  /**
   * Global position of the last appended event; for a no-op, the position of the stream's
   * last event (null for an absent stream). Read-your-writes waits for this position.
   */
  position: Position | null;
  /** Pass back as `expectedRevision` for the next command on this stream. */
  nextExpectedRevision: StreamRevision | 'no_stream';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The generic command handler: load the stream → fold `evolve` → `decide` → append with the
 * expected revision it loaded (`no_stream` for a new stream).
 *
 * Guarantees:
 *  - optimistic concurrency: an append only succeeds on exactly the state `decide` saw; on a
 *    WrongExpectedVersionError the whole load–decide–append is retried (bounded, exponential
 *    backoff with full jitter), then the error is rethrown;
 *  - a DomainError from `decide` is thrown at once (never retried) and nothing is appended;
 *  - a no-op decision (`[]`) appends nothing and does not notify;
 *  - every event gets a fresh id and metadata {occurredAt (the injected clock), actor,
 *    correlationId, causationId}.
 */
export async function handleCommand<
  State,
  Command extends DomainCommand,
  Event extends DomainEvent,
>(
  eventStore: EventStore,
  streamName: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  deps: CommandDeps = {},
  options: HandleOptions = {},
): Promise<CommandResult<State, Event>> {
  const now = (deps.now ?? (() => new Date()))();
  const newId = deps.newId ?? randomUUID;
  const context: DecideContext = { now, newId };
  const maxAttempts = options.expectedRevision === undefined ? (deps.retry?.maxAttempts ?? 4) : 1;
  const baseDelayMs = deps.retry?.baseDelayMs ?? 10;

  for (let attempt = 1; ; attempt++) {
    const recorded = await eventStore.readStream(streamName);
    const last: RecordedEvent | undefined = recorded.at(-1);
    const currentRevision: StreamRevision | 'no_stream' = last ? last.revision : 'no_stream';
    if (options.expectedRevision !== undefined && currentRevision !== options.expectedRevision) {
      throw conflictError(
        'stale_revision',
        `${streamName} changed since revision ${options.expectedRevision}; reload and try again.`,
      );
    }

    // Events in a stream were validated on append and upcast on read by the event registry.
    const stateBefore = recorded.reduce(
      (state, event) => decider.evolve(state, event as unknown as Event),
      decider.initialState(),
    );
    const decided = decider.decide(command, stateBefore, context);
    const state = decided.reduce((s, e) => decider.evolve(s, e), stateBefore);

    if (decided.length === 0) {
      return {
        events: [],
        stateBefore,
        state,
        position: last?.position ?? null,
        nextExpectedRevision: currentRevision,
      };
    }

    const metadata = eventMetadata(deps, now);
    const events = decided.map((event) => ({
      id: newId(),
      type: event.type,
      data: event.data,
      metadata,
    })) as NewEvent<Event['type'], Event['data']>[];
    const expectedRevision: ExpectedRevision = currentRevision;

    try {
      const appended = await eventStore.append(streamName, events, { expectedRevision });
      await notify(deps, {
        streamName,
        eventTypes: events.map((e) => e.type),
        position: appended.position,
      });
      return {
        events,
        stateBefore,
        state,
        position: appended.position,
        nextExpectedRevision: appended.nextExpectedRevision,
      };
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError) || attempt >= maxAttempts) throw err;
      await sleep(Math.random() * baseDelayMs * 2 ** (attempt - 1));
    }
  }
}

function eventMetadata(deps: CommandDeps, now: Date): EventMetadata {
  return {
    occurredAt: now.toISOString(),
    ...(deps.actor ? { actor: deps.actor } : {}),
    ...(deps.correlationId ? { correlationId: deps.correlationId } : {}),
    ...(deps.causationId ? { causationId: deps.causationId } : {}),
  };
}

async function notify(deps: CommandDeps, appended: AppendedInfo): Promise<void> {
  if (!deps.notifyAppended) return;
  try {
    await deps.notifyAppended(appended);
  } catch (err) {
    deps.logger?.warn(
      { err, streamName: appended.streamName },
      'wake-up after append failed; the safety poll will catch up',
    );
  }
}
