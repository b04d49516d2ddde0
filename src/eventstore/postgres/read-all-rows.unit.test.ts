import { describe, expect, it } from 'vitest';
import { decodeRowsPage, readAllRowsStatement, type RowsPageRow } from './read-all-rows.ts';

const id = (n: number) => `0b7e8f5e-3c1a-4d7e-9f1a-2b3c4d5e6f7${n}`;
const eventRow = (tx: string, gp: string, type: string, data: unknown): RowsPageRow => [
  tx,
  gp,
  `s-${gp}`,
  BigInt(gp),
  id(Number(gp) % 10),
  type,
  1,
  data,
  { occurredAt: '2026-01-01T00:00:00Z' },
  1767225600123,
  null,
  null,
  null,
];
const factsRow = (head: string | null, heldBack: boolean, scanEnd: string | null): RowsPageRow =>
  [...(Array(10).fill(null) as null[]), head, heldBack, scanEnd] as unknown as RowsPageRow;

describe('readAll whole-event pages, row by row (read-all-rows.ts)', () => {
  it('decodes the facts row and the events after it', () => {
    const page = decodeRowsPage([
      factsRow('10/2', true, '9/1'),
      eventRow('3', '7', 'A', { x: 1 }),
      eventRow('10', '2', 'B', 's'),
    ]);
    expect(page).toMatchObject({ head: '10/2', heldBack: true, scanEnd: '9/1' });
    expect(page.events).toEqual([
      {
        id: id(7),
        type: 'A',
        data: { x: 1 },
        metadata: { occurredAt: '2026-01-01T00:00:00Z' },
        streamName: 's-7',
        revision: 7n,
        position: '3/7',
        schemaVersion: 1,
        recordedAt: new Date(1767225600123),
      },
      expect.objectContaining({ type: 'B', position: '10/2' }),
    ]);
  });

  it('puts events back in log order should rows ever arrive otherwise (numeric, not text, order)', () => {
    const page = decodeRowsPage([
      eventRow('10', '2', 'B', null),
      factsRow(null, false, null),
      eventRow('9', '11', 'A', null),
    ]);
    expect(page.events.map((e) => e.position)).toEqual(['9/11', '10/2']);
    expect(page.head).toBeNull();
  });

  it('refuses a page without its facts row', () => {
    expect(() => decodeRowsPage([eventRow('3', '7', 'A', null)])).toThrow(/facts row/);
  });

  it('writes the page sizes as checked literals', () => {
    const st = readAllRowsStatement('3/7' as never, 500, ['A'], 1000);
    expect(st.text).toContain('LIMIT 500');
    expect(st.text).toContain('OFFSET 999');
    expect(st.values).toEqual(['3', '7', ['A']]);
    expect(() => readAllRowsStatement('3/7' as never, 0, undefined, 1)).toThrow(RangeError);
  });
});
