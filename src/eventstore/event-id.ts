import { randomBytes } from 'node:crypto';

/**
 * A new event id: a UUIDv7 (RFC 9562) — 48 bits of Unix milliseconds, then random bits.
 * Any uuid is a valid event id; time-ordered ones make the unique index on event ids grow at its
 * right edge instead of touching (and, after each checkpoint, fully WAL-logging) a random index
 * page per event. Callers that need determinism (tests, pure deciders) inject their own ids.
 */
export function newEventId(nowMs: number = Date.now(), random: Buffer = randomBytes(10)): string {
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(nowMs, 0, 6);
  random.copy(bytes, 6, 0, 10);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f); // version 7
  bytes[8] = 0x80 | (bytes[8]! & 0x3f); // RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
