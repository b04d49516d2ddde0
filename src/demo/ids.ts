import { createHash } from 'node:crypto';

/**
 * A stable uuid (version 5 layout, SHA-1 of `pitwall:demo-<kind>:<key>`), so re-seeding finds the
 * same demo entities and appends nothing.
 */
export function demoUuid(kind: string, key: string): string {
  const hex = createHash('sha1').update(`pitwall:demo-${kind}:${key}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * `count` distinct items of `pool`, picked by a seeded generator (mulberry32): the same seed
 * and pool give the same picks, so demo content is deterministic.
 */
export function seededPicker(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (maxExclusive: number) => Math.floor(next() * maxExclusive),
  };
}
