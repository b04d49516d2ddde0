import { describe, expect, it } from 'vitest';
import { parseIngestArgs } from './ingest.ts';
import { parseSeedArgs } from './seed.ts';

describe('npm run ingest -- … arguments', () => {
  it('reads results with a date range, series and event types', () => {
    expect(
      parseIngestArgs([
        'results',
        '--from',
        '2025-01-01',
        '--to',
        '2025-04-15',
        '--series',
        '285',
        '--event-types',
        '5,3',
      ]),
    ).toEqual({
      command: {
        kind: 'results',
        from: new Date('2025-01-01'),
        to: new Date('2025-04-15'),
        seriesId: 285,
        eventTypes: [5, 3],
      },
      demo: false,
      concurrency: 8,
      projections: true,
    });
  });

  it('reads catalog seasons, drivers with charts, import with a directory, --demo and --no-projections', () => {
    expect(
      parseIngestArgs(['catalog', '--season', '2025-3', '--season', '2025-4', '--demo']),
    ).toMatchObject({
      command: {
        kind: 'catalog',
        quarters: [
          { year: 2025, quarter: 3 },
          { year: 2025, quarter: 4 },
        ],
      },
      demo: true,
    });
    expect(
      parseIngestArgs([
        'drivers',
        '341554',
        '1000929',
        '--charts',
        'irating,license',
        '--no-projections',
      ]),
    ).toMatchObject({
      command: { kind: 'drivers', custIds: [341554, 1000929], charts: ['irating', 'license'] },
      projections: false,
    });
    expect(parseIngestArgs(['import', 'fixtures'])).toMatchObject({ command: { kind: 'import' } });
  });

  it.each([
    [['results', '--from', '2025-01-01'], /needs --from and --to/],
    [['results', '--from', '2025-02-01', '--to', '2025-01-01'], /after --from/],
    [['results', '--from', 'soon', '--to', '2025-01-01'], /is not a date/],
    [['drivers'], /at least one customer id/],
    [['drivers', 'abc'], /positive integers/],
    [['drivers', '1', '--charts', 'sr'], /--charts/],
    [['catalog', '--season', '2025-5'], /expected <year>-<quarter>/],
    [['import'], /one directory/],
    [['replay'], /unknown command/],
    [['results', '--bogus'], /Unknown option/],
  ])('rejects %j with a clear message', (argv, message) => {
    const parsed = parseIngestArgs(argv);
    expect(parsed).toMatchObject({ kind: 'invalid' });
    expect((parsed as { message: string }).message).toMatch(message);
  });

  it('shows help without a command', () => {
    expect(parseIngestArgs([])).toEqual({ kind: 'help' });
  });
});

describe('npm run seed -- … arguments', () => {
  it('defaults to the embedded default world and reads --drivers with separators', () => {
    expect(parseSeedArgs([])).toMatchObject({ drivers: 5000, concurrency: 12, projections: true });
    expect(parseSeedArgs(['--drivers', '100_000', '--seed', '7'])).toMatchObject({
      drivers: 100_000,
      seed: 7,
    });
  });

  it('rejects a world too small for the simulation', () => {
    expect(parseSeedArgs(['--drivers', '10'])).toMatchObject({
      kind: 'invalid',
      message: expect.stringMatching(/50\.\.1,000,000/) as unknown,
    });
  });
});
