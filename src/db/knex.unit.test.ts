import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKnex } from './knex.ts';

/** A pino logger whose lines are kept, parsed, in `lines`. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

describe('createKnex', () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes knex's own messages through the process logger, never as plain text on stdout", async () => {
    const printed = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { logger, lines } = capturingLogger();
    // Port 1 on the loopback: nothing listens, so acquiring a connection fails at once.
    const knex = createKnex('postgres://postgres@127.0.0.1:1/none', { logger });
    try {
      await expect(knex.raw('SELECT 1')).rejects.toThrow();
    } finally {
      await knex.destroy();
    }
    const acquire = lines.find(
      (l) => l.source === 'knex' && String(l.msg).startsWith('Acquire connection error'),
    );
    expect(acquire).toMatchObject({ level: 40 });
    expect(printed.mock.calls.flat().join('\n')).not.toContain('Acquire connection error');
  });

  it("without a logger keeps knex's default (its console output)", async () => {
    const printed = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const knex = createKnex('postgres://postgres@127.0.0.1:1/none');
    try {
      await expect(knex.raw('SELECT 1')).rejects.toThrow();
    } finally {
      await knex.destroy();
    }
    expect(printed.mock.calls.flat().join('\n')).toContain('Acquire connection error');
  });
});
