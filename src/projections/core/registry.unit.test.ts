import { describe, expect, it } from 'vitest';
import { createProjectionRegistry, UnknownProjectionError } from './registry.ts';
import type { Projection } from './types.ts';

const projection = (overrides: Partial<Projection> = {}): Projection => ({
  name: 'leaderboard',
  version: 1,
  eventTypes: ['LapCompleted'],
  tables: ['leaderboard_rows'],
  createTables: () => Promise.resolve(),
  apply: () => Promise.resolve(),
  ...overrides,
});

describe('projection registry', () => {
  it('finds projections by name and by the event types they handle', () => {
    const a = projection();
    const b = projection({
      name: 'records',
      eventTypes: ['RecordSet', 'LapCompleted'],
      tables: ['records'],
    });
    const c = projection({ name: 'news', eventTypes: ['ArticlePublished'], tables: ['news'] });
    const registry = createProjectionRegistry([a, b, c]);
    expect(registry.get('records')).toBe(b);
    expect(registry.affectedBy(['LapCompleted']).map((p) => p.name)).toEqual([
      'leaderboard',
      'records',
    ]);
    expect(registry.affectedBy(['Nothing'])).toEqual([]);
    expect(registry.select('all').map((p) => p.name)).toEqual(['leaderboard', 'records', 'news']);
    expect(() => registry.select(['nope'])).toThrow(UnknownProjectionError);
  });

  it.each([
    [
      'a name that is not a lower-case identifier',
      [projection({ name: 'Leader-board' })],
      /must match/,
    ],
    ['a duplicate name', [projection(), projection({ tables: ['other'] })], /registered twice/],
    ['a version below 1', [projection({ version: 0 })], /version must be an integer/],
    ['a fractional version', [projection({ version: 1.5 })], /version must be an integer/],
    ['no event types', [projection({ eventTypes: [] })], /handles no event types/],
    ['no tables on a replaying projection', [projection({ tables: [] })], /owns no tables/],
    ['a table owned twice', [projection(), projection({ name: 'twin' })], /owned by both/],
    ['a qualified table name', [projection({ tables: ['public.rows'] })], /plain identifier/],
  ])('rejects %s', (_label, projections, message) => {
    expect(() => createProjectionRegistry(projections)).toThrow(message);
  });

  it('lets a startAt: head processor own no tables', () => {
    expect(createProjectionRegistry([projection({ tables: [], startAt: 'head' })]).names).toEqual([
      'leaderboard',
    ]);
  });
});
