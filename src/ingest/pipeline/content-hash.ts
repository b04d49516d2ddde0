import { createHash } from 'node:crypto';

/**
 * Content identity of ingested facts. Two payloads that mean the same thing hash the same,
 * whatever order their keys come in (PostgreSQL's jsonb reorders keys, so the hash of a stored
 * event's data equals the hash of the mapped payload it was written from).
 */

/**
 * JSON with object keys sorted at every level; arrays keep their order; `undefined` properties
 * are left out (as JSON.stringify does). Written directly, without building sorted copies.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out += (i > 0 ? ',' : '') + (item === undefined ? 'null' : canonicalJson(item));
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  let first = true;
  for (const key of Object.keys(record).sort()) {
    const v = record[key];
    if (v === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(v)}`;
    first = false;
  }
  return `${out}}`;
}

/** sha256 of the canonical JSON, hex. */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/** The namespace of Pitwall's ingest event ids (a fixed random uuid). */
const INGEST_NAMESPACE = Buffer.from('5f0e4c1a9b2d4e7f8a3c6b1d2e9f0a7b', 'hex');

/**
 * A name-based uuid (RFC 9562 version 5: SHA-1 of namespace + name). The same name always gives
 * the same id, which makes an append of the same fact idempotent in the event store.
 */
export function uuidV5(name: string): string {
  const digest = createHash('sha1').update(INGEST_NAMESPACE).update(name, 'utf8').digest();
  const bytes = digest.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
