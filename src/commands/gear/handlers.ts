import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EventStore, Position, StreamRevision } from '../../eventstore/port.ts';
import { gearItemStreamName, type GearItemEvent } from '../../events/gear.ts';
import { aggregateStream } from '../core/aggregate-stream.ts';
import { notFoundError } from '../core/errors.ts';
import { handleCommand, type CommandDeps, type CommandResult } from '../core/handle-command.ts';
import { parseCommandInput } from '../core/validation.ts';
import { createGearInput, updateGearInput } from './commands.ts';
import { gearDecider, type GearState } from './decider.ts';

/** The gear use cases the admin pages and the demo seed call. */
export interface GearCommandDeps extends CommandDeps {
  eventStore: EventStore;
}

export interface GearOutcome {
  gearId: string;
  gear: Exclude<GearState, { status: 'absent' }>;
  changed: boolean;
  position: Position | null;
  revision: StreamRevision | 'no_stream';
}

type Result = CommandResult<GearState, GearItemEvent>;

/** Create: `gearId` defaults to a new uuid. */
export async function createGear(deps: GearCommandDeps, input: unknown): Promise<GearOutcome> {
  const raw = parseCommandInput(z.looseObject({ gearId: z.uuid().optional() }), input ?? {});
  const data = parseCommandInput(createGearInput, {
    ...raw,
    gearId: raw.gearId ?? (deps.newId ?? randomUUID)(),
  });
  const result = await handleCommand(
    deps.eventStore,
    gearItemStreamName(data.gearId),
    gearDecider,
    { type: 'CreateGear', data },
    deps,
  );
  return outcome(data.gearId, result);
}

export async function updateGear(
  deps: GearCommandDeps,
  input: unknown,
  options: { expectedRevision?: StreamRevision } = {},
): Promise<GearOutcome> {
  const data = parseCommandInput(updateGearInput, input);
  const result = await handleCommand(
    deps.eventStore,
    gearItemStreamName(data.gearId),
    gearDecider,
    { type: 'UpdateGear', data },
    deps,
    options,
  );
  return outcome(data.gearId, result);
}

export async function deleteGear(deps: GearCommandDeps, gearId: string): Promise<GearOutcome> {
  const data = parseCommandInput(z.object({ gearId: z.uuid() }), { gearId });
  const result = await handleCommand(
    deps.eventStore,
    gearItemStreamName(data.gearId),
    gearDecider,
    { type: 'DeleteGear', data },
    deps,
  );
  return outcome(data.gearId, result);
}

export function loadGear(eventStore: EventStore, gearId: string) {
  return aggregateStream(eventStore, gearItemStreamName(gearId), gearDecider);
}

function outcome(gearId: string, result: Result): GearOutcome {
  if (result.state.status === 'absent')
    throw notFoundError('gear_not_found', `Gear item ${gearId} does not exist.`);
  return {
    gearId,
    gear: result.state,
    changed: result.events.length > 0,
    position: result.position,
    revision: result.nextExpectedRevision,
  };
}
