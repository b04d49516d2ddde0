import { describe, expect, it } from 'vitest';
import type { Position } from '../../eventstore/port.ts';
import { formatStatusTable, type ProjectionStatus } from './status.ts';

const row = (overrides: Partial<ProjectionStatus>): ProjectionStatus => ({
  name: 'leaderboard',
  codeVersion: 2,
  storedVersion: 2,
  checkpoint: '10/5' as Position,
  head: '12/9' as Position,
  lag: 4,
  lagCapped: false,
  state: 'idle',
  eventsApplied: 100,
  lastError: null,
  updatedAt: null,
  ...overrides,
});

describe('projections status table', () => {
  it('shows code and stored versions, checkpoint, head, lag, state and the last error on one line each', () => {
    const text = formatStatusTable([
      row({}),
      row({
        name: 'records',
        storedVersion: null,
        checkpoint: null,
        lag: null,
        state: 'not-built',
      }),
      row({
        name: 'drivers',
        lag: 100_000,
        lagCapped: true,
        state: 'failed',
        lastError: 'TypeError: boom\n  at x',
      }),
    ]);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(
      /^NAME\s+VERSION \(code\/stored\)\s+CHECKPOINT\s+HEAD\s+LAG\s+STATE\s+LAST ERROR$/,
    );
    expect(lines[1]).toMatch(/^leaderboard\s+2\/2\s+10\/5\s+12\/9\s+4\s+idle$/);
    expect(lines[2]).toMatch(/^records\s+2\/-\s+-\s+12\/9\s+-\s+not-built$/);
    expect(lines[3]).toMatch(
      /^drivers\s+2\/2\s+10\/5\s+12\/9\s+≥100000\s+failed\s+TypeError: boom at x$/,
    );
  });
});
