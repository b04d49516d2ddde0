import type { EventRegistry } from './event-types.ts';
import type { EventStore, PayloadEvent } from './port.ts';

/**
 * Wraps an adapter so that every append is validated against the registry (the whole batch is
 * checked before anything is sent: an invalid event means nothing is written) and every read
 * path (readStream, readAll full or payload, subscribe) returns payloads upcast to their current
 * version.
 */
export function createValidatingStore(adapter: EventStore, registry: EventRegistry): EventStore {
  const upcast = <E extends PayloadEvent>(events: E[]): E[] =>
    events.map((e) => registry.upcast(e));
  return {
    kind: adapter.kind,
    // async: a validation failure is a rejected promise, never a synchronous throw.
    append: async (streamName, events, opts) =>
      adapter.append(
        streamName,
        events.map((e) => registry.prepare(e)),
        opts,
      ),
    readStream: async (streamName, opts) => upcast(await adapter.readStream(streamName, opts)),
    readAll: async (opts) => {
      const result = await adapter.readAll(opts);
      return { ...result, events: upcast(result.events) };
    },
    subscribe: (opts) =>
      adapter.subscribe({
        ...opts,
        onEvents: (events, next) => opts.onEvents(upcast(events), next),
      }),
    headPosition: () => adapter.headPosition(),
    close: () => adapter.close(),
  };
}
