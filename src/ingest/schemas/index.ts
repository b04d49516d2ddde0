/**
 * zod schemas of the iRacing Data API payloads Pitwall reads. Each accepts the drift seen in the
 * recorded fixtures (loose objects; optional where years differ). Import schemas and types by
 * the same name: `SubsessionResult.parse(x)` gives a `SubsessionResult`.
 */
export * from './common.ts';
export * from './constants.ts';
export * from './results.ts';
export * from './search.ts';
export * from './lap-data.ts';
export * from './member.ts';
export * from './series.ts';
export * from './stats.ts';
export * from './lookup.ts';
export * from './catalog.ts';
