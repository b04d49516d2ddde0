import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createEventRegistry, defineEvent } from './event-types.ts';
import type { NewEvent } from './port.ts';

/**
 * Event types used only by the contract suite (src/eventstore/contract.ts). `ContractRenamed` is
 * at version 2; version 1 stored `{ name }`, version 2 is `{ title, subtitle }`.
 */
export const ContractNoted = defineEvent({
  type: 'ContractNoted',
  version: 1,
  schema: z.object({ note: z.string().min(1), n: z.number().int() }),
});

export const ContractRenamed = defineEvent({
  type: 'ContractRenamed',
  version: 2,
  schema: z.object({ title: z.string().min(1), subtitle: z.string() }),
  upcast: [
    {
      fromVersion: 1,
      up: (data) => {
        const v1 = z.object({ name: z.string() }).parse(data);
        return { title: v1.name, subtitle: '' };
      },
    },
  ],
});

export const contractRegistry = createEventRegistry([ContractNoted, ContractRenamed]);

const metadata = {
  occurredAt: '2026-01-01T00:00:00.000Z',
  actor: { type: 'system', id: 'contract' },
} as const;

export function noted(n: number, id: string = randomUUID()): NewEvent {
  return ContractNoted.create({ id, data: { note: `note ${n}`, n }, metadata: { ...metadata } });
}

export function renamed(title: string, id: string = randomUUID()): NewEvent {
  return ContractRenamed.create({
    id,
    data: { title, subtitle: 'sub' },
    metadata: { ...metadata },
  });
}

/** A version-1 `ContractRenamed`, as code from before version 2 wrote it. */
export function renamedV1(name: string, id: string = randomUUID()): NewEvent {
  return {
    id,
    type: 'ContractRenamed',
    data: { name },
    metadata: { ...metadata },
    schemaVersion: 1,
  };
}
