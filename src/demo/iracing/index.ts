/**
 * Deterministic demo data in the shape of the iRacing Data API. Create a world, then either
 * serve it to the real client through `createDemoFetch` (the path the seed command and the
 * ingest take) or iterate its payloads directly (`resultPayloads`, …). Same seed and options →
 * byte-identical payloads. See docs/demo-data.md for the model and its knobs.
 */
export { DEFAULT_DEMO_OPTIONS, resolveDemoOptions, type DemoWorldOptions } from './options.ts';
export { DemoWorld, createDemoWorld } from './world/world.ts';
export { createDemoFetch, type DemoFetchOptions } from './fetch/demo-fetch.ts';
export { catalogPayloads, driverPayloads, resultPayloads, type DemoPayload } from './stream.ts';
export type { ProgressListener, WeekResult } from './sim/simulation.ts';
export type { SubsessionRecord } from './sim/records.ts';
export { buildSubsessionResult } from './payloads/results-get.ts';
export { searchSeriesRow } from './payloads/search-series.ts';
export { memberChartData, memberGet } from './payloads/members.ts';
