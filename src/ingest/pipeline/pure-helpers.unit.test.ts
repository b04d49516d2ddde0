import { describe, expect, it } from 'vitest';
import { canonicalJson, contentHash, slotsFromDescription, timeSlotsOf, uuidV5 } from './index.ts';
import { forEachBounded } from './bounded.ts';

describe('content hash', () => {
  it('ignores key order at every level but not array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,1]},"b":1}',
    );
    expect(contentHash({ a: 1, b: [1, 2] })).toBe(contentHash({ b: [1, 2], a: 1 }));
    expect(contentHash({ a: 1, b: [1, 2] })).not.toBe(contentHash({ a: 1, b: [2, 1] }));
  });

  it('makes name-based version 5 uuids: same name, same id', () => {
    const id = uuidV5('subsession-1|results|abc|none');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidV5('subsession-1|results|abc|none')).toBe(id);
    expect(uuidV5('subsession-1|results|abd|none')).not.toBe(id);
  });
});

describe('time slots', () => {
  it.each([
    ['Races every hour on the hour', 24, '00:00', '23:00'],
    ['Races every odd 2 hours at :15 past', 12, '01:15', '23:15'],
    ['Races every even 2 hours at 45 past', 12, '00:45', '22:45'],
    ['Races at 15 past every 2 hours on the odd hour', 12, '01:15', '23:15'],
    ['Races every two hours on the even hour', 12, '00:00', '22:00'],
    ['Races every even hour at :30 past', 12, '00:30', '22:30'],
    ['Races every thirty minutes on the hour and :30 past', 48, '00:00', '23:30'],
    ['Races hourly at :45 past', 24, '00:45', '23:45'],
  ])('reads "%s"', (text, count, first, last) => {
    const slots = slotsFromDescription(text);
    expect(slots).toHaveLength(count);
    expect(slots[0]).toBe(first);
    expect(slots.at(-1)).toBe(last);
  });

  it.each([
    'Sunday at 13:00 GMT ',
    '5 timeslots per week',
    'Races every other Saturday at 7, 18 GMT and Sunday at 14 GMT',
  ])('states nothing for "%s"', (text) => {
    expect(slotsFromDescription(text)).toEqual([]);
  });

  it('prefers race_time_descriptors: repeating and explicit session times', () => {
    expect(
      timeSlotsOf(
        [{ repeating: true, first_session_time: '01:30:00', repeat_minutes: 240 }],
        'Races every hour',
      ),
    ).toEqual(['01:30', '05:30', '09:30', '13:30', '17:30', '21:30']);
    expect(
      timeSlotsOf(
        [
          {
            repeating: false,
            session_times: ['2025-10-04T19:00:00Z', '2025-10-05T14:00:00Z', '2025-10-11T19:00:00Z'],
          },
        ],
        undefined,
      ),
    ).toEqual(['14:00', '19:00']);
  });
});

describe('forEachBounded', () => {
  it('never runs more than the limit at once and visits every item', async () => {
    let inFlight = 0;
    let peak = 0;
    const seen: number[] = [];
    await forEachBounded([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setImmediate(r));
      seen.push(n);
      inFlight -= 1;
    });
    expect(peak).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('stops starting new items after the first error and rethrows it', async () => {
    const started: number[] = [];
    await expect(
      forEachBounded([1, 2, 3, 4, 5], 1, async (n) => {
        started.push(n);
        if (n === 2) throw new Error('boom');
        return Promise.resolve();
      }),
    ).rejects.toThrow('boom');
    expect(started).toEqual([1, 2]);
  });
});
