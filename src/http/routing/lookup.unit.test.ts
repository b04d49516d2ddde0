import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { describe, expect, it } from 'vitest';
import type { HttpDeps } from '../deps.ts';
import { routes as routeTable } from '../route-table.ts';
import { routeLookup } from './lookup.ts';
import { registerRoutes } from './register.ts';
import type { RouteDef } from './types.ts';

/** The public API's routes, each answering its name and the parameters it was given. */
const routes: RouteDef[] = routeTable
  .filter((r) => r.sessionless)
  .map((r) => ({
    ...r,
    handler: (req, res) => {
      if (req.query.fail !== undefined) throw new Error(`failed in ${r.name}`);
      res.json({ route: r.name, params: { ...req.params } });
    },
  }));
const deps = {} as HttpDeps;

/** An app with `dispatch` in front of a 404 and an error handler; answers of `requests`. */
async function answers(
  dispatch: RequestHandler,
  requests: readonly (readonly [method: string, url: string])[],
): Promise<string[]> {
  const app = express();
  app.set('query parser', 'simple');
  app.use(dispatch);
  app.use((_req, res) => {
    res.status(404).send('no route');
  });
  const onError: ErrorRequestHandler = (err: Error & { status?: number }, _req, res, _next) => {
    res.status(err.status ?? 500).send(`error: ${err.message}`);
  };
  app.use(onError);
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const out: string[] = [];
    for (const [method, path] of requests) {
      out.push(
        await new Promise<string>((resolve, reject) => {
          const req = http.request({ host: '127.0.0.1', port, method, path }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve(`${method} ${path} → ${res.statusCode} ${body}`));
          });
          req.on('error', reject);
          req.end();
        }),
      );
    }
    return out;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Every route's path with its parameters as people and tools send them, and near misses. */
function requestsFor(table: readonly RouteDef[]): [string, string][] {
  const values = ['123', 'a.b', 'x%20y', '%41%42', '12%2F3', '%E0%A4%A', 'search', 'Ünï'];
  const paths = new Set<string>();
  for (const route of table) {
    for (const value of values) {
      const path = route.path.replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, value);
      paths.add(path);
      paths.add(`${path}/`);
      paths.add(`${path}//`);
      paths.add(path.toUpperCase());
      paths.add(`${path}?limit=5&q=a%20b`);
      paths.add(`${path}/?q=1`);
      paths.add(`${path}/extra`);
      paths.add(`${path}#frag`);
      paths.add(`${path}?fail=1`);
      paths.add(path.replace('/api/', '/api//'));
    }
  }
  paths.add('/api/');
  paths.add('/api');
  paths.add('/api/drivers/%');
  return [...paths].flatMap((path) =>
    ['GET', 'HEAD', 'POST'].map((method) => [method, path] as [string, string]),
  );
}

describe('routeLookup', () => {
  it("answers every request as Express's router of the same routes does", async () => {
    const router = express.Router();
    registerRoutes(router, routes, deps, () => Promise.resolve(null));
    const requests = requestsFor(routes);
    const viaRouter = await answers(router, requests);
    const handedOn: string[] = [];
    const fallback: RequestHandler = (req, res, next) => {
      handedOn.push(`${req.method} ${req.url}`);
      return router(req, res, next);
    };
    const viaLookup = await answers(routeLookup(routes, deps, fallback), requests);
    expect(viaLookup).toEqual(viaRouter);
    // The router saw only what the lookup does not take: other methods, URLs with '#' or
    // outside printable ASCII.
    expect(handedOn.length).toBeGreaterThan(0);
    expect(
      handedOn.filter(
        (r) => /^(GET|HEAD) /.test(r) && /^[\x21-\x22\x24-\x7e]*$/.test(r.split(' ')[1]!),
      ),
    ).toEqual([]);
    // The comparison covered matches with decoded parameters, misses, HEAD and a 400.
    const matched = viaRouter.filter((a) => a.startsWith('GET') && a.includes(' → 200 {'));
    expect(matched.length).toBeGreaterThan(routes.length * 4);
    expect(viaRouter.some((a) => a.includes('"id":"12/3"'))).toBe(true);
    expect(viaRouter.some((a) => a.includes(' → 404 no route'))).toBe(true);
    expect(
      viaRouter.some((a) => a.includes(" → 400 error: Failed to decode param '%E0%A4%A'")),
    ).toBe(true);
    expect(viaRouter.some((a) => a.startsWith('HEAD') && a.includes(' → 200'))).toBe(true);
    expect(viaRouter.some((a) => a.includes(' → 500 error: failed in api.drivers.search'))).toBe(
      true,
    );
  });

  it('takes public GET routes only', () => {
    const post = { ...routes[0]!, method: 'POST' as const };
    expect(() => routeLookup([post], deps, express.Router())).toThrow(/public GET routes only/);
  });
});
