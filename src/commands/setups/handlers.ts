import type { EventStore, Position, StreamRevision } from '../../eventstore/port.ts';
import { setupStreamName, type SetupEvent } from '../../events/setup.ts';
import {
  entityIdInput,
  handleEntityCommand,
  loadEntity,
  withNewEntityId,
  type EntityResult,
  type EntityStream,
  type Present,
} from '../core/entity-command.ts';
import { notFoundError } from '../core/errors.ts';
import type { CommandDeps } from '../core/handle-command.ts';
import { parseCommandInput } from '../core/validation.ts';
import { createSetupInput, updateSetupInput, type SetupCommand } from './commands.ts';
import { setupDecider, type SetupState } from './decider.ts';

/** The setup use cases the admin pages and the demo seed call. */
export interface SetupCommandDeps extends CommandDeps {
  eventStore: EventStore;
}

export interface SetupOutcome {
  setupId: string;
  setup: Present<SetupState>;
  changed: boolean;
  position: Position | null;
  revision: StreamRevision | 'no_stream';
}

const setupEntity: EntityStream<SetupState, SetupCommand, SetupEvent> = {
  decider: setupDecider,
  streamName: setupStreamName,
  notFound: (setupId) => notFoundError('setup_not_found', `Setup ${setupId} does not exist.`),
};

const outcome = (setupId: string, { state, ...rest }: EntityResult<SetupState>): SetupOutcome => ({
  setupId,
  setup: state,
  ...rest,
});

/** Create: `setupId` defaults to a new uuid. */
export async function createSetup(deps: SetupCommandDeps, input: unknown): Promise<SetupOutcome> {
  const data = parseCommandInput(createSetupInput, withNewEntityId(deps, 'setupId', input));
  const command: SetupCommand = { type: 'CreateSetup', data };
  return outcome(data.setupId, await handleEntityCommand(setupEntity, deps, data.setupId, command));
}

export async function updateSetup(
  deps: SetupCommandDeps,
  input: unknown,
  options: { expectedRevision?: StreamRevision } = {},
): Promise<SetupOutcome> {
  const data = parseCommandInput(updateSetupInput, input);
  const command: SetupCommand = { type: 'UpdateSetup', data };
  return outcome(
    data.setupId,
    await handleEntityCommand(setupEntity, deps, data.setupId, command, options),
  );
}

export async function deleteSetup(deps: SetupCommandDeps, setupId: string): Promise<SetupOutcome> {
  const data = entityIdInput('setupId', setupId);
  const command: SetupCommand = { type: 'DeleteSetup', data };
  return outcome(data.setupId, await handleEntityCommand(setupEntity, deps, data.setupId, command));
}

export function loadSetup(eventStore: EventStore, setupId: string) {
  return loadEntity(setupEntity, eventStore, setupId);
}
