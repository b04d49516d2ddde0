import type { z } from 'zod';
import type { Knex } from '../../../db/knex.ts';
import { InvalidQueryError } from '../../../queries/racing/paging.ts';
import { HttpError } from '../../errors.ts';
import type { ApiOperation, DocumentedError } from '../../openapi/operation.ts';
import type { Request } from 'express';
import type { HttpDeps } from '../../deps.ts';
import type { RouteDef, RouteHandler } from '../../routing/types.ts';
import { JsonAnswer } from './dto.ts';

/**
 * Racing data changes when an ingest lands (minutes apart), so browsers and shared caches may
 * keep an answer briefly; 30 s is short enough that a page refresh after an ingest shows it soon.
 */
export const RACING_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=30';

export interface ApiEndpoint {
  route: RouteDef;
  operation: ApiOperation;
}

type Location = 'path' | 'query';

/**
 * One sentence naming each offending parameter:
 * `Invalid query parameter limit: must be an integer from 1 to 100.`
 */
function describeIssues(location: Location, issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.map((issue) => {
    const name = issue.path.length > 0 ? issue.path.map(String).join('.') : '(all)';
    return `${name}: ${issue.message}`;
  });
  const noun = parts.length === 1 ? 'parameter' : 'parameters';
  return `Invalid ${location} ${noun} ${parts.join('; ')}.`;
}

/** Parses a path or query against its schema; a failure is a 400 naming every offending parameter. */
export function parse<S extends z.ZodType>(
  schema: S,
  value: unknown,
  location: Location,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new HttpError(
    400,
    describeIssues(location, result.error.issues),
    'bad_request',
    result.error.issues.map((issue) => ({ ...issue, in: location })),
  );
}

export interface EndpointInput<P, Q> {
  params: P;
  query: Q;
  knex: Knex;
  /** The server's clock (HttpDeps.now), for answers that depend on today. */
  now?: (() => Date) | undefined;
}

/** A 404 for an id that names nothing: `No season 123.` */
export function notFound(what: string, id: number | string): HttpError {
  return new HttpError(404, `No ${what} ${id}.`);
}

/** The answer of one resource, `{data: item, meta: {}}`; `notFound(what, id)` when there is none. */
export function found<T>(what: string, id: number | string, item: T | null) {
  if (!item) throw notFound(what, id);
  return { data: item, meta: {} };
}

/**
 * A public, cacheable GET of the JSON API, declared once for both the router and the OpenAPI
 * document. The handler it builds is the thin one of the architecture: validate path and query
 * (400 naming the parameter) → `run` (a query function; throw `notFound` for an unknown id) →
 * the JSON body (a JsonAnswer's text as it is) with the cache header. An `InvalidQueryError` from a query (a cursor it did not
 * issue, a value it cannot serve) is the caller's mistake too: 400 naming the parameter.
 */
export function apiEndpoint<
  R extends z.ZodType,
  P extends z.ZodObject = z.ZodObject<Record<string, never>>,
  Q extends z.ZodObject = z.ZodObject<Record<string, never>>,
>(def: {
  name: string;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  response: R;
  /** The answer may be a 404 (the path names an id). */
  canBeNotFound?: boolean;
  /** The answer; a JsonAnswer is sent as its text. */
  run(input: EndpointInput<z.output<P>, z.output<Q>>): Promise<z.input<R> | JsonAnswer<z.input<R>>>;
}): ApiEndpoint {
  const errors: DocumentedError[] = [400];
  if (def.canBeNotFound) errors.push(404);
  const operation: ApiOperation = {
    name: def.name,
    tag: def.tag,
    summary: def.summary,
    ...(def.description ? { description: def.description } : {}),
    ...(def.params ? { params: def.params } : {}),
    ...(def.query ? { query: def.query } : {}),
    response: def.response,
    errors,
    cacheControl: RACING_CACHE_CONTROL,
  };
  const answer = async (req: Request, deps: HttpDeps): Promise<string> => {
    const params = (def.params ? parse(def.params, req.params, 'path') : {}) as z.output<P>;
    const query = (def.query ? parse(def.query, req.query, 'query') : {}) as z.output<Q>;
    try {
      const answer = await def.run({ params, query, knex: deps.knex, now: deps.now });
      return answer instanceof JsonAnswer ? answer.text : JSON.stringify(answer);
    } catch (err) {
      if (err instanceof InvalidQueryError) {
        throw new HttpError(
          400,
          `Invalid query parameter ${err.parameter}: ${err.message}.`,
          'bad_request',
          [{ path: [err.parameter], message: err.message, in: 'query' }],
        );
      }
      throw err;
    }
  };
  // Same URL, same answer (for everyone): reused from the app's cache while it is fresh. The
  // Age header tells browsers and shared caches how much of max-age it has used already. A
  // cached answer is sent as its stored bytes with the ETag Express would compute for them,
  // computed once per stored answer (the same headers as sending the text, without hashing
  // and encoding the body again on every hit).
  const handler: RouteHandler = async (req, res, deps) => {
    if (!deps.apiCache) {
      const body = await answer(req, deps);
      res.setHeader('Cache-Control', RACING_CACHE_CONTROL);
      res.type('application/json').send(body);
      return;
    }
    const cached = await deps.apiCache.through(req.originalUrl, () => answer(req, deps));
    res.setHeader('Age', String(Math.floor((Date.now() - cached.storedAt) / 1000)));
    res.setHeader('X-Cache', cached.stale ? 'stale' : cached.hit ? 'hit' : 'miss');
    res.setHeader('Cache-Control', RACING_CACHE_CONTROL);
    const etagOf = req.app.get('etag fn') as ((body: Buffer) => string | undefined) | undefined;
    if (etagOf) cached.memo.etag ??= etagOf(cached.bytes);
    if (cached.memo.etag) res.setHeader('ETag', cached.memo.etag);
    res.type('application/json').send(cached.bytes);
  };
  return {
    route: {
      name: def.name,
      method: 'GET',
      path: def.path,
      auth: 'public',
      ssr: false,
      sessionless: true,
      handler,
    },
    operation,
  };
}
