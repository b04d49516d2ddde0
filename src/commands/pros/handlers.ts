import type { EventStore } from '../../eventstore/port.ts';
import { proDriverStreamName, type ProDriverEvent } from '../../events/pro-driver.ts';
import { entityCommands, type EntityStream } from '../core/entity-command.ts';
import { notFoundError } from '../core/errors.ts';
import type { CommandDeps } from '../core/handle-command.ts';
import { parseCommandInput } from '../core/validation.ts';
import { createProInput, updateProInput, type ProCommand } from './commands.ts';
import { proDecider, type ProState } from './decider.ts';

/** The pro-driver use cases the admin pages and the demo seed call. */
export interface ProCommandDeps extends CommandDeps {
  eventStore: EventStore;
}

const proEntity: EntityStream<ProState, ProCommand, ProDriverEvent> = {
  decider: proDecider,
  streamName: proDriverStreamName,
  notFound: (proId) => notFoundError('pro_not_found', `Pro ${proId} does not exist.`),
};

const pros = entityCommands(proEntity, {
  idField: 'proId',
  create: (input) => ({ type: 'CreatePro', data: parseCommandInput(createProInput, input) }),
  update: (input) => ({ type: 'UpdatePro', data: parseCommandInput(updateProInput, input) }),
  delete: (data) => ({ type: 'DeletePro', data }),
});

/** Create: `proId` defaults to a new uuid. */
export const createPro = pros.create;
/** Update: an absent field stays; `expectedRevision` is the revision the form was opened at. */
export const updatePro = pros.update;
export const deletePro = pros.delete;
export const loadPro = pros.load;
