import type { EventStore, Position, StreamRevision } from '../../eventstore/port.ts';
import { gearItemStreamName, type GearItemEvent } from '../../events/gear.ts';
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
import { createGearInput, updateGearInput, type GearCommand } from './commands.ts';
import { gearDecider, type GearState } from './decider.ts';

/** The gear use cases the admin pages and the demo seed call. */
export interface GearCommandDeps extends CommandDeps {
  eventStore: EventStore;
}

export interface GearOutcome {
  gearId: string;
  gear: Present<GearState>;
  changed: boolean;
  position: Position | null;
  revision: StreamRevision | 'no_stream';
}

const gearItem: EntityStream<GearState, GearCommand, GearItemEvent> = {
  decider: gearDecider,
  streamName: gearItemStreamName,
  notFound: (gearId) => notFoundError('gear_not_found', `Gear item ${gearId} does not exist.`),
};

const outcome = (gearId: string, { state, ...rest }: EntityResult<GearState>): GearOutcome => ({
  gearId,
  gear: state,
  ...rest,
});

/** Create: `gearId` defaults to a new uuid. */
export async function createGear(deps: GearCommandDeps, input: unknown): Promise<GearOutcome> {
  const data = parseCommandInput(createGearInput, withNewEntityId(deps, 'gearId', input));
  const command: GearCommand = { type: 'CreateGear', data };
  return outcome(data.gearId, await handleEntityCommand(gearItem, deps, data.gearId, command));
}

export async function updateGear(
  deps: GearCommandDeps,
  input: unknown,
  options: { expectedRevision?: StreamRevision } = {},
): Promise<GearOutcome> {
  const data = parseCommandInput(updateGearInput, input);
  const command: GearCommand = { type: 'UpdateGear', data };
  return outcome(
    data.gearId,
    await handleEntityCommand(gearItem, deps, data.gearId, command, options),
  );
}

export async function deleteGear(deps: GearCommandDeps, gearId: string): Promise<GearOutcome> {
  const data = entityIdInput('gearId', gearId);
  const command: GearCommand = { type: 'DeleteGear', data };
  return outcome(data.gearId, await handleEntityCommand(gearItem, deps, data.gearId, command));
}

export function loadGear(eventStore: EventStore, gearId: string) {
  return loadEntity(gearItem, eventStore, gearId);
}
