/**
 * Racing queries for pages and the JSON API. Every function reads only read tables (maintained
 * by the racing projections), returns shaped camelCase DTOs, pages lists with `{ limit ≤ 100,
 * cursor }` → `{ items, nextCursor }`, and throws InvalidQueryError for a parameter it cannot
 * serve (map it to 400). Functions for one entity return null when the id is unknown (404).
 */
export * from './paging.ts';
export * from './shapes.ts';
export * from './drivers.ts';
export * from './driver-search.ts';
export * from './series.ts';
export * from './seasons.ts';
export * from './season-stats.ts';
export * from './leaderboards.ts';
export * from './subsessions.ts';
export * from './sessions.ts';
export * from './world-records.ts';
export * from './distribution.ts';
export * from './home.ts';
