import { z } from 'zod';
import { HttpError } from '../../errors.ts';
import { apiAsOf, asOfQuery, type AsOfDeps } from './as-of.ts';

/**
 * `?asOf=` on the leaderboards (drivers by rating, the season statistics): the state at the end
 * of that day on the race-time clock, as Pitwall knows it now (docs/as-of.md). Their as-of reads
 * walk rank indexes of the facts known now, so the learned-time `known` is refused (a 400 naming
 * it) rather than ignored; the driver profile answers it.
 */
export const raceTimeAsOfQuery = {
  asOf: asOfQuery.asOf,
  known: z
    .string()
    .optional()
    .describe('Not available here: this list answers race time as known now (a value is a 400).'),
};

/** The exclusive race-time bound of the request (an ISO instant), null for today. */
export async function apiRaceTimeAsOf(
  deps: AsOfDeps,
  query: { asOf?: string | undefined; known?: string | undefined },
): Promise<string | null> {
  if (query.known) {
    const message = 'this list answers race time as known now: use asOf without known';
    throw new HttpError(400, `Invalid query parameter known: ${message}`, 'bad_request', [
      { path: ['known'], message, in: 'query' },
    ]);
  }
  return (await apiAsOf(deps, { asOf: query.asOf })).raceBefore;
}
