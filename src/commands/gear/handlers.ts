import type { EventStore } from '../../eventstore/port.ts';
import { gearItemStreamName, type GearItemEvent } from '../../events/gear.ts';
import { entityCommands, type EntityStream } from '../core/entity-command.ts';
import { notFoundError } from '../core/errors.ts';
import type { CommandDeps } from '../core/handle-command.ts';
import { parseCommandInput } from '../core/validation.ts';
import { createGearInput, updateGearInput, type GearCommand } from './commands.ts';
import { gearDecider, type GearState } from './decider.ts';

/** The gear use cases the admin pages and the demo seed call. */
export interface GearCommandDeps extends CommandDeps {
  eventStore: EventStore;
}

const gearItem: EntityStream<GearState, GearCommand, GearItemEvent> = {
  decider: gearDecider,
  streamName: gearItemStreamName,
  notFound: (gearId) => notFoundError('gear_not_found', `Gear item ${gearId} does not exist.`),
};

const gear = entityCommands(gearItem, {
  idField: 'gearId',
  create: (input) => ({ type: 'CreateGear', data: parseCommandInput(createGearInput, input) }),
  update: (input) => ({ type: 'UpdateGear', data: parseCommandInput(updateGearInput, input) }),
  delete: (data) => ({ type: 'DeleteGear', data }),
});

/** Create: `gearId` defaults to a new uuid. */
export const createGear = gear.create;
/** Update: an absent field stays; `expectedRevision` is the revision the form was opened at. */
export const updateGear = gear.update;
export const deleteGear = gear.delete;
export const loadGear = gear.load;
