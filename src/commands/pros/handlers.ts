import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EventStore, Position, StreamRevision } from '../../eventstore/port.ts';
import { proDriverStreamName, type ProDriverEvent } from '../../events/pro-driver.ts';
import { aggregateStream } from '../core/aggregate-stream.ts';
import { notFoundError } from '../core/errors.ts';
import { handleCommand, type CommandDeps, type CommandResult } from '../core/handle-command.ts';
import { parseCommandInput } from '../core/validation.ts';
import { createProInput, updateProInput } from './commands.ts';
import { proDecider, type ProState } from './decider.ts';

/** The pro-driver use cases the admin pages and the demo seed call. */
export interface ProCommandDeps extends CommandDeps {
  eventStore: EventStore;
}

export interface ProOutcome {
  proId: string;
  pro: Exclude<ProState, { status: 'absent' }>;
  changed: boolean;
  position: Position | null;
  revision: StreamRevision | 'no_stream';
}

type Result = CommandResult<ProState, ProDriverEvent>;

/** Create: `proId` defaults to a new uuid. */
export async function createPro(deps: ProCommandDeps, input: unknown): Promise<ProOutcome> {
  const raw = parseCommandInput(z.looseObject({ proId: z.uuid().optional() }), input ?? {});
  const data = parseCommandInput(createProInput, {
    ...raw,
    proId: raw.proId ?? (deps.newId ?? randomUUID)(),
  });
  const result = await handleCommand(
    deps.eventStore,
    proDriverStreamName(data.proId),
    proDecider,
    { type: 'CreatePro', data },
    deps,
  );
  return outcome(data.proId, result);
}

export async function updatePro(
  deps: ProCommandDeps,
  input: unknown,
  options: { expectedRevision?: StreamRevision } = {},
): Promise<ProOutcome> {
  const data = parseCommandInput(updateProInput, input);
  const result = await handleCommand(
    deps.eventStore,
    proDriverStreamName(data.proId),
    proDecider,
    { type: 'UpdatePro', data },
    deps,
    options,
  );
  return outcome(data.proId, result);
}

export async function deletePro(deps: ProCommandDeps, proId: string): Promise<ProOutcome> {
  const data = parseCommandInput(z.object({ proId: z.uuid() }), { proId });
  const result = await handleCommand(
    deps.eventStore,
    proDriverStreamName(data.proId),
    proDecider,
    { type: 'DeletePro', data },
    deps,
  );
  return outcome(data.proId, result);
}

export function loadPro(eventStore: EventStore, proId: string) {
  return aggregateStream(eventStore, proDriverStreamName(proId), proDecider);
}

function outcome(proId: string, result: Result): ProOutcome {
  if (result.state.status === 'absent')
    throw notFoundError('pro_not_found', `Pro ${proId} does not exist.`);
  return {
    proId,
    pro: result.state,
    changed: result.events.length > 0,
    position: result.position,
    revision: result.nextExpectedRevision,
  };
}
