import { z } from 'zod';
import type { Knex } from '../../../db/knex.ts';
import { AS_OF_NOW, dayOf, parseAsOf, type AsOf } from '../../../domain/as-of.ts';
import { known, type Statement } from '../../../db/batch.ts';
import { firstRaceDay, firstRaceDayStatement } from '../../../queries/racing/as-of.ts';
import type { AsOfView } from '../../../../web/components/AsOfBar.tsx';
import { HttpError } from '../../errors.ts';

/**
 * `?asOf=&known=` on racing pages and the racing API (docs/as-of.md). The values' meaning and
 * their checks are the domain's (src/domain/as-of.ts); this module answers a refused value the
 * HTTP way:
 *  - API: 400 naming the parameter, with the domain's message (malformed, future, before the data);
 *  - pages: a malformed value is dropped by a redirect to the same URL without it (the page
 *    calls `withoutParameters`); a date after today or before the data shows today's page with
 *    the message in the as-of bar (`AsOfView.notice`), never an error page; so is a `known` on a
 *    page that follows race time only (the lists).
 */

/** The query parameters as the API documents them (the checks that need the clock run later). */
export const asOfQuery = {
  asOf: z
    .string()
    .optional()
    .describe(
      'Race time: the state at the end of this UTC day, `YYYY-MM-DD` (today or earlier, not before the first race Pitwall holds). Absent: today.',
    ),
  known: z
    .string()
    .optional()
    .describe(
      'Learned time: what Pitwall had recorded by the end of this UTC day (`YYYY-MM-DD`) or by this instant (`YYYY-MM-DDTHH:MM:SSZ`). A correction recorded later is not yet applied. Absent: as known now.',
    ),
};

/** What a handler needs to check the values: the database (first race) and the clock. */
export interface AsOfDeps {
  knex: Knex;
  now?: (() => Date) | undefined;
}

/** Today on the server's clock (injected in tests). */
export const nowOf = (deps: AsOfDeps): Date => (deps.now ? deps.now() : new Date());

/**
 * The API's as-of state; a refused value is a 400 naming the parameter. Without either
 * parameter no query runs.
 */
export async function apiAsOf(
  deps: AsOfDeps,
  query: { asOf?: string | undefined; known?: string | undefined },
): Promise<AsOf> {
  if (!query.asOf && !query.known) return AS_OF_NOW;
  const result = parseAsOf(query, { now: nowOf(deps), firstDay: await firstRaceDay(deps.knex) });
  if (result.ok) return result.asOf;
  const { param, message } = result.problem;
  throw new HttpError(400, `Invalid query parameter ${param}: ${message}`, 'bad_request', [
    { path: [param], message, in: 'query', kind: result.problem.kind },
  ]);
}

export type PageAsOf =
  | { ok: true; asOf: AsOf; view: AsOfView }
  /** A malformed value: redirect to the URL without these parameters. */
  | { ok: false; drop: ReadonlySet<string> };

/**
 * How a page answers the two clocks: `both` (the driver profile), or `race-time` (the lists,
 * whose past reads walk the facts known now, docs/as-of.md): a `known` in the URL is not applied
 * and the as-of bar says so.
 */
export type PageClocks = 'both' | 'race-time';

/** The as-of bar's notice of a `known` that a race-time page does not apply. */
export const KNOWN_NOT_APPLIED =
  'This list follows race time only, as Pitwall knows it now: the learned-time date of this link (known) applies to driver profiles, not to lists.';

/**
 * A page's as-of state and the as-of bar's props. A malformed value asks for a redirect without
 * it; a date after today or before the data is shown as today with the reason in `notice`. On a
 * race-time page (`clocks`) a `known` value is left unread and `notice` says it is not applied.
 */
export async function pageAsOf(
  deps: AsOfDeps,
  query: Record<string, unknown>,
  clocks: PageClocks = 'both',
): Promise<PageAsOf> {
  return resolvePageAsOf(nowOf(deps), await firstRaceDay(deps.knex), query, clocks);
}

/** pageAsOf with the clock and the first race day given. */
function resolvePageAsOf(
  now: Date,
  firstDay: string | null,
  query: Record<string, unknown>,
  clocks: PageClocks,
): PageAsOf {
  const ignoredKnown =
    clocks === 'race-time' && query.known !== undefined && query.known !== ''
      ? KNOWN_NOT_APPLIED
      : null;
  const view = (asOf: AsOf, refused: string | null): AsOfView => ({
    day: asOf.day,
    known: asOf.known,
    min: firstDay,
    max: dayOf(now),
    notice:
      [refused === null ? null : `${refused} Showing today.`, ignoredKnown]
        .filter((n) => n !== null)
        .join(' ') || null,
  });
  const input = { asOf: query.asOf, known: clocks === 'both' ? query.known : undefined };
  const result = parseAsOf(input, { now, firstDay });
  if (result.ok) return { ok: true, asOf: result.asOf, view: view(result.asOf, null) };
  if (result.problem.kind === 'malformed')
    return { ok: false, drop: new Set([result.problem.param]) };
  return { ok: true, asOf: AS_OF_NOW, view: view(AS_OF_NOW, result.problem.message) };
}

/**
 * pageAsOf for a page that sends the first race day (the picker's lower bound) with its own first
 * batch (src/db/batch.ts): when the URL names no as-of state (neither `asOf` nor `known`) the page
 * is today's whatever the first day is, so nothing is read here and `firstDay` is the statement
 * to send; otherwise pageAsOf reads it first and `firstDay` is the value it read. `view` takes
 * what `firstDay` gave. The same answers as pageAsOf.
 */
export async function pageAsOfDeferred(
  deps: AsOfDeps,
  query: Record<string, unknown>,
  clocks: PageClocks = 'both',
): Promise<
  | {
      ok: true;
      asOf: AsOf;
      firstDay: Statement<string | null>;
      view: (firstDay: string | null) => AsOfView;
    }
  | { ok: false; drop: ReadonlySet<string> }
> {
  const absent = (v: unknown) => v === undefined || v === '';
  if (absent(query.asOf) && absent(query.known)) {
    const now = nowOf(deps);
    return {
      ok: true,
      asOf: AS_OF_NOW,
      firstDay: firstRaceDayStatement(),
      view: (firstDay) => {
        const state = resolvePageAsOf(now, firstDay, query, clocks);
        if (!state.ok) throw new Error('pageAsOfDeferred: no as-of value, yet refused');
        return state.view;
      },
    };
  }
  const state = await pageAsOf(deps, query, clocks);
  if (!state.ok) return state;
  return { ok: true, asOf: state.asOf, firstDay: known(state.view.min), view: () => state.view };
}

/**
 * pageAsOf for a page that sends the first race day (the as-of bar's bound, and what a date is
 * checked against) with its first batch (src/db/batch.ts) whatever the URL names: `firstDay` is
 * the statement to send and `resolve` answers what pageAsOf answers from its value.
 */
export function pageAsOfStatement(
  deps: AsOfDeps,
  query: Record<string, unknown>,
  clocks: PageClocks = 'both',
): { firstDay: Statement<string | null>; resolve(firstDay: string | null): PageAsOf } {
  const now = nowOf(deps);
  return {
    firstDay: firstRaceDayStatement(),
    resolve: (firstDay) => resolvePageAsOf(now, firstDay, query, clocks),
  };
}

/** `?…` of the query without the `drop` parameters (and without non-string values). */
export function withoutParameters(
  query: Record<string, unknown>,
  drop: ReadonlySet<string>,
): string {
  const kept = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (drop.has(key) || typeof value !== 'string') continue;
    kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}
