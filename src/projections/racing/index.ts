import type { Projection } from '../core/types.ts';
import { catalogProjection } from '../catalog/index.ts';
import { driverHistoryProjection } from '../driver-history/index.ts';
import { seasonsProjection } from '../seasons/index.ts';
import { seriesProjection } from '../series/index.ts';
import { racingResultsProjection } from './results-projection.ts';

/** Every racing read model's projection (see docs/read-models.md). */
export const racingProjections: readonly Projection[] = [
  racingResultsProjection,
  seriesProjection,
  seasonsProjection,
  catalogProjection,
  driverHistoryProjection,
];
