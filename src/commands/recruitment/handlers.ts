import { z } from 'zod';
import { recruitmentStreamName } from '../../events/recruitment.ts';
import type { EventStore, Position } from '../../eventstore/port.ts';
import { handleCommand, type CommandDeps } from '../core/handle-command.ts';
import { parseCommandInput } from '../core/validation.ts';
import type { RecruitmentCommand } from './commands.ts';
import { recruitmentDecider, type RecruitmentState } from './decider.ts';

export interface RecruitmentCommandDeps extends CommandDeps {
  eventStore: EventStore;
}

export interface RecruitmentOutcome {
  state: RecruitmentState;
  /** False for a no-op (an edit that changed nothing, a repeated close or delete). */
  changed: boolean;
  /** What read-your-writes waits for. */
  position: Position | null;
}

/**
 * Runs a recruitment command on the owner's stream. The caller has checked that the acting
 * member may act for `ownerId` (the owner, or an admin deleting) and sealed the contact line.
 */
export async function runRecruitmentCommand(
  deps: RecruitmentCommandDeps,
  ownerId: string,
  command: RecruitmentCommand,
): Promise<RecruitmentOutcome> {
  const owner = parseCommandInput(z.object({ ownerId: z.uuid() }), { ownerId }).ownerId;
  const result = await handleCommand(
    deps.eventStore,
    recruitmentStreamName(owner),
    recruitmentDecider,
    command,
    deps,
  );
  return { state: result.state, changed: result.events.length > 0, position: result.position };
}
