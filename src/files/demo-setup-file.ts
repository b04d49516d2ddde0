import { seededPicker } from '../demo/ids.ts';

/**
 * A deterministic stand-in for an iRacing setup file (.sto): binary, as real ones are, with a
 * small header (a made-up `PWSTO` tag, a version, the car and track ids), the setup's lines as
 * length-prefixed UTF-16LE strings, and seeded padding. It passes `checkSetupFile` and is what
 * the demo seed and the tests upload; iRacing itself would not load it.
 */
export function demoSetupFile(input: {
  seed: number;
  carId: number;
  trackId: number;
  lines: readonly string[];
}): Buffer {
  const random = seededPicker(input.seed);
  const header = Buffer.alloc(16);
  header.write('PWSTO', 0, 'latin1');
  header.writeUInt16LE(1, 6);
  header.writeUInt32LE(input.carId, 8);
  header.writeUInt32LE(input.trackId, 12);
  const body = input.lines.map((line) => {
    const text = Buffer.from(line, 'utf16le');
    const length = Buffer.alloc(4);
    length.writeUInt32LE(text.length, 0);
    return Buffer.concat([length, text]);
  });
  const padding = Buffer.alloc(256 + random.int(512));
  for (let i = 0; i < padding.length; i++) padding[i] = random.int(256);
  return Buffer.concat([header, ...body, padding]);
}
