import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EventStore, Position, StreamRevision } from '../../eventstore/port.ts';
import { setupStreamName, type SetupEvent } from '../../events/setup.ts';
import { aggregateStream } from '../core/aggregate-stream.ts';
import { notFoundError } from '../core/errors.ts';
import { handleCommand, type CommandDeps, type CommandResult } from '../core/handle-command.ts';
import { parseCommandInput } from '../core/validation.ts';
import { createSetupInput, updateSetupInput } from './commands.ts';
import { setupDecider, type SetupState } from './decider.ts';

/** The setup use cases the admin pages and the demo seed call. */
export interface SetupCommandDeps extends CommandDeps {
  eventStore: EventStore;
}

export interface SetupOutcome {
  setupId: string;
  setup: Exclude<SetupState, { status: 'absent' }>;
  changed: boolean;
  position: Position | null;
  revision: StreamRevision | 'no_stream';
}

type Result = CommandResult<SetupState, SetupEvent>;

/** Create: `setupId` defaults to a new uuid. */
export async function createSetup(deps: SetupCommandDeps, input: unknown): Promise<SetupOutcome> {
  const raw = parseCommandInput(z.looseObject({ setupId: z.uuid().optional() }), input ?? {});
  const data = parseCommandInput(createSetupInput, {
    ...raw,
    setupId: raw.setupId ?? (deps.newId ?? randomUUID)(),
  });
  const result = await handleCommand(
    deps.eventStore,
    setupStreamName(data.setupId),
    setupDecider,
    { type: 'CreateSetup', data },
    deps,
  );
  return outcome(data.setupId, result);
}

export async function updateSetup(
  deps: SetupCommandDeps,
  input: unknown,
  options: { expectedRevision?: StreamRevision } = {},
): Promise<SetupOutcome> {
  const data = parseCommandInput(updateSetupInput, input);
  const result = await handleCommand(
    deps.eventStore,
    setupStreamName(data.setupId),
    setupDecider,
    { type: 'UpdateSetup', data },
    deps,
    options,
  );
  return outcome(data.setupId, result);
}

export async function deleteSetup(deps: SetupCommandDeps, setupId: string): Promise<SetupOutcome> {
  const data = parseCommandInput(z.object({ setupId: z.uuid() }), { setupId });
  const result = await handleCommand(
    deps.eventStore,
    setupStreamName(data.setupId),
    setupDecider,
    { type: 'DeleteSetup', data },
    deps,
  );
  return outcome(data.setupId, result);
}

export function loadSetup(eventStore: EventStore, setupId: string) {
  return aggregateStream(eventStore, setupStreamName(setupId), setupDecider);
}

function outcome(setupId: string, result: Result): SetupOutcome {
  if (result.state.status === 'absent')
    throw notFoundError('setup_not_found', `Setup ${setupId} does not exist.`);
  return {
    setupId,
    setup: result.state,
    changed: result.events.length > 0,
    position: result.position,
    revision: result.nextExpectedRevision,
  };
}
