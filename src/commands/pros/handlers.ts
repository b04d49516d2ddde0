import type { EventStore, Position, StreamRevision } from '../../eventstore/port.ts';
import { proDriverStreamName, type ProDriverEvent } from '../../events/pro-driver.ts';
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
import { createProInput, updateProInput, type ProCommand } from './commands.ts';
import { proDecider, type ProState } from './decider.ts';

/** The pro-driver use cases the admin pages and the demo seed call. */
export interface ProCommandDeps extends CommandDeps {
  eventStore: EventStore;
}

export interface ProOutcome {
  proId: string;
  pro: Present<ProState>;
  changed: boolean;
  position: Position | null;
  revision: StreamRevision | 'no_stream';
}

const proEntity: EntityStream<ProState, ProCommand, ProDriverEvent> = {
  decider: proDecider,
  streamName: proDriverStreamName,
  notFound: (proId) => notFoundError('pro_not_found', `Pro ${proId} does not exist.`),
};

const outcome = (proId: string, { state, ...rest }: EntityResult<ProState>): ProOutcome => ({
  proId,
  pro: state,
  ...rest,
});

/** Create: `proId` defaults to a new uuid. */
export async function createPro(deps: ProCommandDeps, input: unknown): Promise<ProOutcome> {
  const data = parseCommandInput(createProInput, withNewEntityId(deps, 'proId', input));
  const command: ProCommand = { type: 'CreatePro', data };
  return outcome(data.proId, await handleEntityCommand(proEntity, deps, data.proId, command));
}

export async function updatePro(
  deps: ProCommandDeps,
  input: unknown,
  options: { expectedRevision?: StreamRevision } = {},
): Promise<ProOutcome> {
  const data = parseCommandInput(updateProInput, input);
  const command: ProCommand = { type: 'UpdatePro', data };
  return outcome(
    data.proId,
    await handleEntityCommand(proEntity, deps, data.proId, command, options),
  );
}

export async function deletePro(deps: ProCommandDeps, proId: string): Promise<ProOutcome> {
  const data = entityIdInput('proId', proId);
  const command: ProCommand = { type: 'DeletePro', data };
  return outcome(data.proId, await handleEntityCommand(proEntity, deps, data.proId, command));
}

export function loadPro(eventStore: EventStore, proId: string) {
  return loadEntity(proEntity, eventStore, proId);
}
