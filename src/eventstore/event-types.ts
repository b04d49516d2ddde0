import { z } from 'zod';
import {
  InvalidEventError,
  type EventMetadata,
  type NewEvent,
  type PayloadEvent,
  type RecordedEvent,
} from './port.ts';

/**
 * Event types: a name, a schema version and a zod schema for `data`, plus upcasters that lift
 * payloads written with an older version to the current one. Definitions shared by commands and
 * projections live in src/events/<aggregate>.ts; a registry of them is handed to the event store
 * (src/eventstore/index.ts), which validates on append and upcasts on every read path.
 */

/** Lifts a payload written with `fromVersion` to `fromVersion + 1`. Pure. */
export interface Upcaster {
  readonly fromVersion: number;
  up(data: unknown): unknown;
}

export interface EventDefinition<
  Type extends string = string,
  Schema extends z.ZodType = z.ZodType,
> {
  readonly type: Type;
  /** Current schema version (≥ 1); stored with every event appended. */
  readonly version: number;
  readonly schema: Schema;
  readonly upcast: readonly Upcaster[];
  /** A NewEvent of this type; `data` is typed by the schema (validated again on append). */
  create(event: {
    id: string;
    data: z.input<Schema>;
    metadata: EventMetadata;
  }): NewEvent<Type, z.output<Schema>>;
}

/** The payload type of a definition. */
export type EventData<D extends EventDefinition> = z.output<D['schema']>;
/** A recorded event of a definition, as every read path returns it (upcast to the current version). */
export type RecordedEventOf<D extends EventDefinition> = RecordedEvent<D['type'], EventData<D>>;
/** A payload event of a definition (readAll with fields: 'payload'), upcast like a recorded one. */
export type PayloadEventOf<D extends EventDefinition> = PayloadEvent<D['type'], EventData<D>>;
export type NewEventOf<D extends EventDefinition> = NewEvent<D['type'], EventData<D>>;

export function defineEvent<const Type extends string, Schema extends z.ZodType>(def: {
  type: Type;
  version: number;
  schema: Schema;
  upcast?: readonly Upcaster[];
}): EventDefinition<Type, Schema> {
  if (!/^[A-Z][A-Za-z0-9]*$/.test(def.type)) {
    throw new TypeError(`Event type ${JSON.stringify(def.type)} must be PascalCase`);
  }
  if (!Number.isInteger(def.version) || def.version < 1) {
    throw new TypeError(`Event ${def.type}: version must be an integer ≥ 1`);
  }
  const upcast = [...(def.upcast ?? [])].sort((a, b) => a.fromVersion - b.fromVersion);
  for (const [i, u] of upcast.entries()) {
    if (!Number.isInteger(u.fromVersion) || u.fromVersion < 1 || u.fromVersion >= def.version) {
      throw new TypeError(
        `Event ${def.type}: upcaster fromVersion ${u.fromVersion} is outside 1…${def.version - 1}`,
      );
    }
    if (upcast[i - 1]?.fromVersion === u.fromVersion) {
      throw new TypeError(`Event ${def.type}: two upcasters from version ${u.fromVersion}`);
    }
  }
  return {
    type: def.type,
    version: def.version,
    schema: def.schema,
    upcast,
    create: ({ id, data, metadata }) => ({
      id,
      type: def.type,
      data: data as z.output<Schema>,
      metadata,
      schemaVersion: def.version,
    }),
  };
}

/** Metadata every event carries (see EventMetadata in port.ts). */
export const eventMetadataSchema = z.looseObject({
  occurredAt: z.iso.datetime({ offset: true }),
  correlationId: z.string().min(1).optional(),
  causationId: z.string().min(1).optional(),
  actor: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('user'), id: z.string().min(1) }),
      z.object({ type: z.literal('system'), id: z.string().min(1) }),
    ])
    .optional(),
});

/** An append of a type that no definition registers. Nothing is written. */
export class UnknownEventTypeError extends InvalidEventError {
  constructor(eventType: string) {
    super(eventType, [
      { message: `Unknown event type ${eventType}: register its definition first` },
    ]);
    this.message = `Unknown event type ${eventType}`;
  }
}

/** An event whose stored version has no upcaster chain to the current version. */
export class UpcastError extends Error {
  override readonly name = 'UpcastError';
  constructor(
    readonly eventType: string,
    readonly fromVersion: number,
  ) {
    super(`Event ${eventType}: no upcaster from version ${fromVersion}`);
  }
}

export interface EventRegistry {
  register(...definitions: EventDefinition[]): void;
  get(type: string): EventDefinition | undefined;
  types(): string[];
  /**
   * Validates type, metadata and data; returns the event with `data` as the schema parsed it and
   * `schemaVersion` set to the definition's version. Throws InvalidEventError (or its subclass
   * UnknownEventTypeError).
   */
  prepare(event: NewEvent): NewEvent;
  /**
   * Lifts `data` of an event written with an older version through the upcasters to the current
   * version; `schemaVersion` keeps the version it was written with. Events of unregistered types
   * and of newer versions (written by newer code) pass through unchanged. Works on full and
   * payload events alike (it reads only type, schemaVersion and data).
   */
  upcast<E extends PayloadEvent>(event: E): E;
}

export function createEventRegistry(definitions: readonly EventDefinition[] = []): EventRegistry {
  const byType = new Map<string, EventDefinition>();
  const registry: EventRegistry = {
    register(...defs) {
      for (const def of defs) {
        const existing = byType.get(def.type);
        if (existing && existing !== def)
          throw new TypeError(`Event type ${def.type} is registered twice`);
        byType.set(def.type, def);
      }
    },
    get: (type) => byType.get(type),
    types: () => [...byType.keys()],
    prepare(event) {
      const def = byType.get(event.type);
      if (!def) throw new UnknownEventTypeError(event.type);
      const metadata = eventMetadataSchema.safeParse(event.metadata);
      if (!metadata.success) throw new InvalidEventError(event.type, metadata.error.issues);
      const data = def.schema.safeParse(event.data);
      if (!data.success) throw new InvalidEventError(event.type, data.error.issues);
      return { ...event, data: data.data, schemaVersion: def.version };
    },
    upcast(event) {
      const def = byType.get(event.type);
      if (!def || event.schemaVersion >= def.version) return event;
      let data = event.data;
      for (let v = event.schemaVersion; v < def.version; v++) {
        const step = def.upcast.find((u) => u.fromVersion === v);
        if (!step) throw new UpcastError(event.type, v);
        data = step.up(data);
      }
      return { ...event, data };
    },
  };
  registry.register(...definitions);
  return registry;
}
