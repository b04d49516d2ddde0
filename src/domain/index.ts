/**
 * The racing domain's formulas: pure functions of numbers (licence encodings, iRating change,
 * strength of field, lap times), shared by the ingest mapping, the demo world, projections and
 * queries. Nothing here imports another layer.
 */
export {
  RATING_SPREAD,
  strengthOfField,
  strengthOfFieldByClass,
  teamIrating,
} from './strength-of-field.ts';
export {
  MAX_FIELD,
  changesByPosition,
  expectedScore,
  iratingChanges,
  raceIratingChanges,
  teamIratingChanges,
  winProbability,
  type IratingEntrant,
  type ResultForModel,
  type TeamEntrant,
} from './irating.ts';
export {
  LICENCE_GROUPS,
  MAX_LICENCE_LEVEL,
  MIN_LICENCE_LEVEL,
  formatLicence,
  formatLicenceFromSubLevel,
  licenceFromLevel,
  licenceGroup,
  licenceLevelFor,
  safetyRatingFromSubLevel,
  subLevelFromSafetyRating,
  type LicenceGroupInfo,
  type LicenceLetter,
  type LicenceLevelInfo,
} from './licence.ts';
export {
  TICKS_PER_SECOND,
  formatLapTime,
  lapTimeFromSeconds,
  lapTimeOrNull,
  lapTimeToMillis,
  lapTimeToSeconds,
  parseLapTime,
} from './lap-time.ts';
