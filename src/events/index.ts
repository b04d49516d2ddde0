import type { EventDefinition } from '../eventstore/event-types.ts';
import { articleEventDefinitions } from './article.ts';
import { favoritesEventDefinitions } from './favorites.ts';
import { gearEventDefinitions } from './gear.ts';
import { racingEventDefinitions } from './racing.ts';
import { proDriverEventDefinitions } from './pro-driver.ts';
import { recruitmentEventDefinitions } from './recruitment.ts';
import { replayEventDefinitions } from './replays.ts';
import { setupEventDefinitions } from './setup.ts';
import { teamEventDefinitions } from './team.ts';
import { userEventDefinitions } from './user.ts';

/**
 * Every event definition of the application, for the event registry the event store validates
 * and upcasts with. Add an aggregate's definitions by spreading its list here; a type missing
 * from this list cannot be appended (UnknownEventTypeError).
 */
export const allEventDefinitions: readonly EventDefinition[] = [
  ...articleEventDefinitions,
  ...racingEventDefinitions,
  ...userEventDefinitions,
  ...favoritesEventDefinitions,
  ...replayEventDefinitions,
  ...teamEventDefinitions,
  ...recruitmentEventDefinitions,
  ...proDriverEventDefinitions,
  ...gearEventDefinitions,
  ...setupEventDefinitions,
];
