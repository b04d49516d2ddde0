import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EventStore, Position, StreamRevision } from '../../eventstore/port.ts';
import { aggregateStream } from './aggregate-stream.ts';
import type { Decider, DomainCommand, DomainEvent } from './decider.ts';
import type { DomainError } from './errors.ts';
import {
  handleCommand,
  type CommandDeps,
  type CommandResult,
  type HandleOptions,
} from './handle-command.ts';
import { parseCommandInput } from './validation.ts';

/**
 * An aggregate kept as one stream per entity (a gear item, a setup, a pro driver) whose state is
 * `{ status: 'absent' }` until it is created. Its use cases are create / update / delete on the
 * entity's stream, each answered with the entity as it stands after the command.
 */
export interface EntityStream<
  State extends { status: string },
  Command extends DomainCommand,
  Event extends DomainEvent,
> {
  decider: Decider<State, Command, Event>;
  streamName: (id: string) => string;
  /** The 404 for an entity that does not exist (after the decision), e.g. `gear_not_found`. */
  notFound: (id: string) => DomainError;
}

export type Present<State extends { status: string }> = Exclude<State, { status: 'absent' }>;

/** The entity after a command, and what a caller needs to read its own write. */
export interface EntityResult<State extends { status: string }> {
  state: Present<State>;
  /** False when the decision was a no-op (nothing appended). */
  changed: boolean;
  position: Position | null;
  /** Pass back as `expectedRevision` for the next command on this entity. */
  revision: StreamRevision | 'no_stream';
}

/**
 * `handleCommand` on the entity's stream (load → decide → append, with its retries and
 * optimistic concurrency), then the entity as it stands; throws the entity's `notFound` when it
 * is absent afterwards (an update or delete of an entity that never existed).
 */
export async function handleEntityCommand<
  State extends { status: string },
  Command extends DomainCommand,
  Event extends DomainEvent,
>(
  entity: EntityStream<State, Command, Event>,
  deps: CommandDeps & { eventStore: EventStore },
  id: string,
  command: Command,
  options: HandleOptions = {},
): Promise<EntityResult<State>> {
  const result = await handleCommand(
    deps.eventStore,
    entity.streamName(id),
    entity.decider,
    command,
    deps,
    options,
  );
  return entityResult(entity, id, result);
}

/**
 * A `handleCommand` result on the entity's stream as the entity after the command; throws the
 * entity's `notFound` when it is absent. For use cases that call `handleCommand` themselves
 * (e.g. to compare the state before, or to undo a slug reservation when the command fails).
 */
export function entityResult<State extends { status: string }>(
  entity: Pick<EntityStream<State, DomainCommand, DomainEvent>, 'notFound'>,
  id: string,
  result: CommandResult<State, DomainEvent>,
): EntityResult<State> {
  if (result.state.status === 'absent') throw entity.notFound(id);
  return {
    state: result.state as Present<State>,
    changed: result.events.length > 0,
    position: result.position,
    revision: result.nextExpectedRevision,
  };
}

/** A use case's answer: the entity's id and the entity after the command. */
export interface EntityOutcome<State extends { status: string }> extends EntityResult<State> {
  id: string;
}

/** How an entity's raw inputs become its commands (each parses its input, or throws 422). */
export interface EntityCommandInputs<Command extends DomainCommand, IdField extends string> {
  /** The field of every command's data that holds the entity's id, e.g. `gearId`. */
  idField: IdField;
  create: (input: unknown) => Command & { data: Record<IdField, string> };
  update: (input: unknown) => Command & { data: Record<IdField, string> };
  delete: (data: Record<IdField, string>) => Command;
}

/**
 * The create / update / delete / load use cases of an entity kept as one stream per entity.
 * Create takes the caller's id or a new one (`withNewEntityId`); update passes the revision the
 * caller saw (`expectedRevision`, 409 when the stream moved); delete checks the id is a uuid.
 * Each answers the entity after the command (`EntityOutcome`); every failure (a 422 input, the
 * entity's `notFound`, a stale revision) is a rejected promise, never a synchronous throw.
 */
export function entityCommands<
  State extends { status: string },
  Command extends DomainCommand,
  Event extends DomainEvent,
  IdField extends string,
>(entity: EntityStream<State, Command, Event>, inputs: EntityCommandInputs<Command, IdField>) {
  type Deps = CommandDeps & { eventStore: EventStore };
  const run = async (
    deps: Deps,
    id: string,
    command: Command,
    options?: HandleOptions,
  ): Promise<EntityOutcome<State>> => ({
    id,
    ...(await handleEntityCommand(entity, deps, id, command, options)),
  });
  return {
    create: async (deps: Deps, input: unknown) => {
      const command = inputs.create(withNewEntityId(deps, inputs.idField, input));
      return await run(deps, command.data[inputs.idField], command);
    },
    update: async (deps: Deps, input: unknown, options: HandleOptions = {}) => {
      const command = inputs.update(input);
      return await run(deps, command.data[inputs.idField], command, options);
    },
    delete: async (deps: Deps, id: string) => {
      const data = entityIdInput(inputs.idField, id);
      return await run(deps, data[inputs.idField], inputs.delete(data));
    },
    load: (eventStore: EventStore, id: string) => loadEntity(entity, eventStore, id),
  };
}

/** The entity as the write side sees it (absent when it does not exist), and its revision. */
export function loadEntity<
  State extends { status: string },
  Command extends DomainCommand,
  Event extends DomainEvent,
>(entity: EntityStream<State, Command, Event>, eventStore: EventStore, id: string) {
  return aggregateStream(eventStore, entity.streamName(id), entity.decider);
}

/**
 * A create command's raw input with its id field (`idField`) set: the caller's id when it gave
 * a valid uuid (the demo seed picks stable ids), else a new one from `deps.newId`. A malformed
 * id fails validation like any other field.
 */
export function withNewEntityId(
  deps: Pick<CommandDeps, 'newId'>,
  idField: string,
  input: unknown,
): Record<string, unknown> {
  const raw = parseCommandInput(
    z.looseObject({ [idField]: z.uuid().optional() }),
    input ?? {},
  ) as Record<string, unknown>;
  return { ...raw, [idField]: raw[idField] ?? (deps.newId ?? randomUUID)() };
}

/** The input of a delete (or any id-only command): the id under `idField`, checked as a uuid. */
export function entityIdInput<Field extends string>(
  idField: Field,
  id: string,
): Record<Field, string> {
  return parseCommandInput(z.object({ [idField]: z.uuid() }), { [idField]: id }) as Record<
    Field,
    string
  >;
}
