import type { EventStore, StreamRevision } from '../../eventstore/port.ts';
import type { Decider, DomainCommand, DomainEvent } from './decider.ts';

/**
 * The current state of one stream, folded with a decider's `evolve`, and its revision
 * (`no_stream` when absent). A snapshot for deciding what to do next; the append that follows
 * must still go through `handleCommand`, which re-reads and checks the revision.
 */
export async function aggregateStream<State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamName: string,
  decider: Pick<Decider<State, DomainCommand, Event>, 'initialState' | 'evolve'>,
): Promise<{ state: State; revision: StreamRevision | 'no_stream' }> {
  const recorded = await eventStore.readStream(streamName);
  const state = recorded.reduce(
    (s, e) => decider.evolve(s, e as unknown as Event),
    decider.initialState(),
  );
  const last = recorded.at(-1);
  return { state, revision: last ? last.revision : 'no_stream' };
}
