import { articlesProjection } from './articles/projection.ts';
import type { Projection } from './core/types.ts';
import { favoritesProjection } from './favorites/projection.ts';
import { gearProjection } from './gear/projection.ts';
import { racingProjections } from './racing/index.ts';
import { recruitmentProjection } from './recruitment/projection.ts';
import { sessionReplaysProjection } from './session-replays/index.ts';
import { prosProjection } from './pros/projection.ts';
import { setupsProjection } from './setups/projection.ts';
import { teamsProjection } from './teams/projection.ts';
import { usersProjection } from './users/projection.ts';

/**
 * Every read model the workers run, in one list. Add a projection by importing it here and
 * appending it to the array; the runner, the worker start-up (rebuild on version change) and
 * `npm run projections` all read this list (with the write side's event processors, src/app/event-consumers.ts)
 * through a ProjectionRegistry.
 */
export const allProjections: Projection[] = [
  articlesProjection,
  ...racingProjections,
  usersProjection,
  favoritesProjection,
  sessionReplaysProjection,
  teamsProjection,
  prosProjection,
  gearProjection,
  setupsProjection,
  recruitmentProjection,
];
