import { describe, expect, it } from 'vitest';
import { toRacingBatch } from '../racing/batch.ts';
import { copyText } from '../racing/copy.ts';
import { asRecorded, buildSubsession, raceRow } from '../racing/testing.ts';
import { resultColumns, resultRowsOf } from './apply.ts';
import { resultLines } from './rebuild.ts';

describe('result rows as COPY lines', () => {
  it('encode every column of resultColumns in order, nulls and special characters included', () => {
    const data = buildSubsession({
      subsessionId: 42,
      race: [
        raceRow(1, 1, { displayName: 'Tab\there\nand \\ back', teamId: 5, teamName: 'T' }),
        raceRow(2, 2, {
          countryCode: null,
          clubName: null,
          bestLapTime: null,
          startingPosition: null,
          champPoints: null,
          oldIrating: null,
        }),
      ],
      qualify: [raceRow(2, 1, { reasonOut: 'Disconnected\r' })],
    });
    const batch = toRacingBatch(asRecorded([{ type: 'SubsessionResultsRecorded', data }]));
    const generic = resultRowsOf(batch.subsessions).map((row) =>
      resultColumns.map((c) => copyText(c.get(row), c.type === 'jsonb')).join('\t'),
    );
    expect(generic).toHaveLength(3);
    const lines: string[] = [];
    resultLines(batch.subsessions, (line) => lines.push(line));
    expect(lines).toEqual(generic);
  });
});
