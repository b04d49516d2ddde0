import { describe, expect, it } from 'vitest';
import { parseArgs } from './projections.ts';

describe('projections CLI arguments', () => {
  it.each([
    [['status'], { kind: 'status' }],
    [['rebuild', 'all'], { kind: 'rebuild', target: 'all' }],
    [['rebuild', 'leaderboard'], { kind: 'rebuild', target: 'leaderboard' }],
    [[], { kind: 'help' }],
    [['--help'], { kind: 'help' }],
  ])('parses %j', (argv, expected) => {
    expect(parseArgs(argv)).toEqual(expected);
  });

  it.each([[['rebuild']], [['rebuild', 'a', 'b']], [['status', 'x']], [['drop']]])(
    'rejects %j',
    (argv) => {
      expect(parseArgs(argv).kind).toBe('invalid');
    },
  );
});
