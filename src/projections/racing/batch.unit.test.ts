import { describe, expect, it } from 'vitest';
import { primarySimsession, timeSlotOf, toRacingBatch } from './batch.ts';
import { asRecorded, buildSubsession, raceRow } from './testing.ts';

describe('racing batch', () => {
  it('keeps the last result per subsession, in the order of its last occurrence', () => {
    const a1 = buildSubsession({ subsessionId: 1, race: [raceRow(1, 1)] });
    const b = buildSubsession({ subsessionId: 2, race: [raceRow(2, 1)] });
    const a2 = buildSubsession({ subsessionId: 1, race: [raceRow(3, 1)] });
    const batch = toRacingBatch(
      asRecorded([
        { type: 'SubsessionResultsRecorded', data: a1 },
        { type: 'SubsessionResultsRecorded', data: b },
        { type: 'SubsessionResultsCorrected', data: a2 },
      ]),
    );
    expect(batch.subsessions.map((s) => [s.data.subsessionId, s.winner?.custId])).toEqual([
      [2, 2],
      [1, 3],
    ]);
    expect(batch.allResults).toHaveLength(3);
  });

  it('picks the main race of a heat event and the last simsession of a practice event', () => {
    const heat = buildSubsession({ race: [raceRow(1, 1)] });
    heat.simsessions.unshift(
      { simsessionNumber: -2, type: 'race', name: 'HEAT 1', results: [raceRow(9, 1)] },
      { simsessionNumber: -3, type: 'qualify', name: 'QUALIFY', results: [] },
    );
    expect(primarySimsession(heat)?.name).toBe('RACE');
    const practice = buildSubsession({ eventType: 'practice' });
    practice.simsessions = [
      { simsessionNumber: 0, type: 'practice', name: 'PRACTICE', results: [] },
    ];
    expect(primarySimsession(practice)?.type).toBe('practice');
  });

  it('names the time slot by the UTC start', () => {
    expect(timeSlotOf('2024-05-01T09:30:00Z')).toBe('09:30');
    expect(timeSlotOf('2024-05-01T01:45:00+02:00')).toBe('23:45');
  });
});
