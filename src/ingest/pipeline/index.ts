/**
 * The ingest pipeline: iRacing payloads → racing events. Pure mappers (map-*.ts), the facts they
 * produce (facts.ts), the idempotent, correcting recorder (recorder.ts, writer.ts) and the
 * operations that drive a client through them (ingest-*.ts). Jobs (src/ingest/jobs), the offline
 * import (src/ingest/import), the demo seed (src/demo) and session replays all go through here. See docs/ingest.md.
 */
export { canonicalJson, contentHash, uuidV5 } from './content-hash.ts';
export { IngestMappingError } from './mapping-error.ts';
export { mapSubsessionResult, simsessionTypeOf, countResultRows } from './map-results.ts';
export { mapMemberProfile, mapChartData, chartTypeOf } from './map-drivers.ts';
export {
  mapSeriesSeason,
  mapSeriesInfo,
  seriesFromSeasons,
  newestSeasonBySeries,
  mapCar,
  mapTrack,
  categoryFromSlug,
  SeriesGetRow,
  SeriesGetRows,
} from './map-catalog.ts';
export { timeSlotsOf, slotsFromDescription } from './time-slots.ts';
export { placementOf, slotOfRecorded, type RacingFact, type FactPlacement } from './facts.ts';
export {
  recordStreamFacts,
  type AppendedFact,
  type IngestSource,
  type RecorderOptions,
  type StreamOutcome,
} from './recorder.ts';
export {
  IngestWriter,
  emptyCounts,
  type AppendedNotice,
  type IngestCounts,
  type IngestWriterOptions,
} from './writer.ts';
export { forEachBounded, chunks } from './bounded.ts';
export { describeFailure, isFatalForRun, type IngestFailure } from './failures.ts';
export {
  DEFAULT_CONCURRENCY,
  ingestResults,
  ingestSubsession,
  ingestSubsessions,
  type IngestContext,
  type ResultsProgress,
  type ResultsRange,
  type ResultsReport,
  type SubsessionsProgress,
  type SubsessionsReport,
} from './ingest-results.ts';
export {
  ingestDrivers,
  type DriversOptions,
  type DriversProgress,
  type DriversReport,
} from './ingest-drivers.ts';
export { ingestCatalog, type CatalogOptions, type CatalogReport } from './ingest-catalog.ts';
