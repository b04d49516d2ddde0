import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  UnknownEventTypeError,
  UpcastError,
  createEventRegistry,
  defineEvent,
} from './event-types.ts';
import { newEventId } from './event-id.ts';
import { judgeRetry } from './idempotency.ts';
import { InvalidEventError, makePosition, type RecordedEvent } from './port.ts';

const metadata = { occurredAt: '2026-03-01T12:00:00Z' };

const LapRecorded = defineEvent({
  type: 'LapRecorded',
  version: 3,
  schema: z.object({
    driverId: z.string(),
    lapMs: z.number().int().positive(),
    valid: z.boolean(),
  }),
  upcast: [
    { fromVersion: 2, up: (d) => ({ ...(d as object), valid: true }) },
    {
      fromVersion: 1,
      up: (d) => ({ driverId: (d as { driver: string }).driver, lapMs: (d as { ms: number }).ms }),
    },
  ],
});

function recorded(schemaVersion: number, data: unknown): RecordedEvent {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    type: 'LapRecorded',
    data,
    metadata,
    schemaVersion,
    streamName: 'driver-1',
    revision: 0n,
    position: makePosition(1, 1),
    recordedAt: new Date(0),
  };
}

describe('event types', () => {
  const registry = createEventRegistry([LapRecorded]);

  it('stamps the current version and the parsed payload on append', () => {
    const prepared = registry.prepare({
      id: 'x',
      type: 'LapRecorded',
      data: { driverId: 'd1', lapMs: 91_000, valid: true, extra: 'dropped' },
      metadata,
    });
    expect(prepared.schemaVersion).toBe(3);
    expect(prepared.data).toEqual({ driverId: 'd1', lapMs: 91_000, valid: true });
  });

  it('rejects an invalid payload, an unknown type and metadata without occurredAt', () => {
    expect(() =>
      registry.prepare({
        id: 'x',
        type: 'LapRecorded',
        data: { driverId: 'd1', lapMs: -1, valid: true },
        metadata,
      }),
    ).toThrow(InvalidEventError);
    expect(() => registry.prepare({ id: 'x', type: 'Nope', data: {}, metadata })).toThrow(
      UnknownEventTypeError,
    );
    expect(() =>
      registry.prepare({
        id: 'x',
        type: 'LapRecorded',
        data: { driverId: 'd1', lapMs: 1, valid: true },
        metadata: { occurredAt: 'soon' },
      }),
    ).toThrow(InvalidEventError);
  });

  it('upcasts through every step in version order, keeping the written version', () => {
    const v1 = registry.upcast(recorded(1, { driver: 'd9', ms: 88_000 }));
    expect(v1.data).toEqual({ driverId: 'd9', lapMs: 88_000, valid: true });
    expect(v1.schemaVersion).toBe(1);
    const current = recorded(3, { driverId: 'd1', lapMs: 1, valid: false });
    expect(registry.upcast(current)).toBe(current);
  });

  it('fails loudly when a version has no upcaster', () => {
    const Gap = defineEvent({
      type: 'Gap',
      version: 3,
      schema: z.object({}),
      upcast: [{ fromVersion: 2, up: (d) => d }],
    });
    const gapRegistry = createEventRegistry([Gap]);
    expect(() => gapRegistry.upcast({ ...recorded(1, {}), type: 'Gap' })).toThrow(UpcastError);
  });

  it('refuses malformed definitions and duplicate registrations', () => {
    expect(() => defineEvent({ type: 'lap_recorded', version: 1, schema: z.object({}) })).toThrow(
      TypeError,
    );
    expect(() =>
      defineEvent({
        type: 'A',
        version: 2,
        schema: z.object({}),
        upcast: [{ fromVersion: 2, up: (d) => d }],
      }),
    ).toThrow(TypeError);
    const again = defineEvent({ type: 'LapRecorded', version: 1, schema: z.object({}) });
    expect(() => registry.register(again)).toThrow(TypeError);
  });
});

describe('idempotence rules (EventStoreDB)', () => {
  const w = (id: string, revision: bigint, streamName = 's') => ({
    eventId: id,
    streamName,
    revision,
    position: makePosition(10, revision),
  });

  it('is idempotent only for the whole batch, in order, at the expected place', () => {
    const written = [w('a', 3n), w('b', 4n)];
    expect(judgeRetry('s', ['a', 'b'], 2n, written)).toMatchObject({
      kind: 'idempotent',
      lastRevision: 4n,
    });
    expect(judgeRetry('s', ['a', 'b'], 'any', written).kind).toBe('idempotent');
    expect(judgeRetry('s', ['a', 'b'], 'no_stream', written).kind).toBe('wrong_expected_version');
    expect(judgeRetry('s', ['a', 'b'], 1n, written).kind).toBe('wrong_expected_version');
    expect(judgeRetry('s', ['b', 'a'], 2n, written).kind).toBe('wrong_expected_version');
    expect(judgeRetry('s', ['a', 'c'], 'any', [w('a', 3n)]).kind).toBe('wrong_expected_version');
    expect(judgeRetry('s', ['a'], 'any', [w('a', 0n, 'other')])).toEqual({
      kind: 'foreign_ids',
      eventIds: ['a'],
    });
    expect(judgeRetry('s', ['a'], 'any', []).kind).toBe('none_written');
  });
});

describe('newEventId', () => {
  it('is a version-7 uuid whose text order follows time', () => {
    const early = newEventId(1_700_000_000_000);
    const late = newEventId(1_700_000_000_001);
    expect(early).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(early < late).toBe(true);
    expect(newEventId()).not.toBe(newEventId());
  });
});
