import type { EventStore } from '../../eventstore/port.ts';
import { setupStreamName, type SetupEvent } from '../../events/setup.ts';
import { entityCommands, type EntityStream } from '../core/entity-command.ts';
import { notFoundError } from '../core/errors.ts';
import type { CommandDeps } from '../core/handle-command.ts';
import { parseCommandInput } from '../core/validation.ts';
import { createSetupInput, updateSetupInput, type SetupCommand } from './commands.ts';
import { setupDecider, type SetupState } from './decider.ts';

/** The setup use cases the admin pages and the demo seed call. */
export interface SetupCommandDeps extends CommandDeps {
  eventStore: EventStore;
}

const setupEntity: EntityStream<SetupState, SetupCommand, SetupEvent> = {
  decider: setupDecider,
  streamName: setupStreamName,
  notFound: (setupId) => notFoundError('setup_not_found', `Setup ${setupId} does not exist.`),
};

const setups = entityCommands(setupEntity, {
  idField: 'setupId',
  create: (input) => ({ type: 'CreateSetup', data: parseCommandInput(createSetupInput, input) }),
  update: (input) => ({ type: 'UpdateSetup', data: parseCommandInput(updateSetupInput, input) }),
  delete: (data) => ({ type: 'DeleteSetup', data }),
});

/** Create: `setupId` defaults to a new uuid. */
export const createSetup = setups.create;
/** Update: an absent field stays; `expectedRevision` is the revision the form was opened at. */
export const updateSetup = setups.update;
export const deleteSetup = setups.delete;
export const loadSetup = setups.load;
