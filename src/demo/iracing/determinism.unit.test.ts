import { describe, expect, it } from 'vitest';
import { buildSubsessionResult, catalogPayloads, driverPayloads, resultPayloads } from './index.ts';
import { smallWorld } from './small-world.test-support.ts';

function firstResults(seed: number, count: number): string[] {
  const world = smallWorld({ seed, weeksRunInLastSeason: 1 });
  const out: string[] = [];
  for (const p of resultPayloads(world)) {
    out.push(JSON.stringify(p.payload));
    if (out.length === count) break;
  }
  return out;
}

describe('demo world determinism', () => {
  it('gives byte-identical results/get payloads for the same seed', () => {
    const a = firstResults(11, 40);
    const b = firstResults(11, 40);
    expect(a).toHaveLength(40);
    expect(b).toEqual(a);
  });

  it('gives different payloads for another seed', () => {
    expect(firstResults(12, 5)).not.toEqual(firstResults(11, 5));
  });

  it('gives identical catalogue and member payloads for the same seed', () => {
    const serialise = (seed: number) => {
      const world = smallWorld({ seed, drivers: 300, weeksRunInLastSeason: 1 });
      const catalogue = [...catalogPayloads(world)].map((p) => JSON.stringify(p));
      const members = [...driverPayloads(world, { batchSize: 50, charts: true })].map((p) =>
        JSON.stringify(p),
      );
      return { catalogue, members };
    };
    const a = serialise(5);
    expect(a.members.length).toBeGreaterThan(300 / 50);
    expect(serialise(5)).toEqual(a);
  });

  it('regenerates a subsession identically whether streamed first or asked for after the whole world ran', () => {
    const streamed = smallWorld({ seed: 3, weeksRunInLastSeason: 2 });
    const payloads = new Map<number, string>();
    for (const p of resultPayloads(streamed))
      payloads.set(Number(p.params.subsession_id), JSON.stringify(p.payload));

    const later = smallWorld({ seed: 3, weeksRunInLastSeason: 2 });
    later.simulation.advanceAll();
    const ids = [...payloads.keys()];
    expect(ids.length).toBeGreaterThan(50);
    for (const id of [ids[0], ids[Math.floor(ids.length / 2)], ids[ids.length - 1]] as number[]) {
      const record = later.simulation.record(id);
      if (!record) throw new Error(`subsession ${id} missing after the full run`);
      expect(JSON.stringify(buildSubsessionResult(later, record))).toBe(payloads.get(id));
    }
  });
});
