import type { Response } from 'express';
import { z } from 'zod';
import type { Inertia } from '../inertia/inertia.ts';
import { always, deepMerge, defer, merge, once, optional, prepend } from '../inertia/props.ts';
import type { RouteDef } from '../routing/types.ts';

/**
 * Protocol fixtures for the int tests: routes added to the real app (extraRoutes), rendering
 * component names that need no React page because these tests read the page object only.
 */
type FixturePages = Record<`Fixture/${string}`, Record<string, unknown>>;
const inertia = (res: Response) => res.inertia as unknown as Inertia<FixturePages>;

export const WRITES_TABLE = 't_writes';

/** Counts how often the once prop was resolved (proves a skipped once prop is not computed). */
export const onceCalls = { count: 0 };

const formSchema = z.object({
  name: z.string().min(3, 'The name must be at least 3 characters.'),
  email: z.email('The email must be a valid email address.'),
});

const fixture = (
  def: Omit<RouteDef, 'auth' | 'ssr'> & Partial<Pick<RouteDef, 'auth' | 'ssr'>>,
): RouteDef => ({
  auth: 'public',
  ssr: true,
  ...def,
});

export const fixtureRoutes: RouteDef[] = [
  fixture({
    name: 'fixture.props',
    method: 'GET',
    path: '/__t/props',
    handler: (_req, res) =>
      inertia(res).render('Fixture/Props', {
        plain: 'plain value',
        lazy: () => 'computed lazily',
        nested: { a: { b: 1, c: 2 }, d: 3 },
        opt: optional(() => 'optional value'),
        alw: always('always value'),
        d1: defer(() => 'deferred one'),
        d2: defer(() => 'deferred two', 'sidebar'),
        d3: defer(async () => Promise.resolve('deferred three'), 'sidebar'),
        list: merge([1, 2]),
        pre: prepend(['x']),
        deep: deepMerge({ a: { b: [1] } }),
        matched: merge([{ id: 1, v: 'a' }]).matchOn('id'),
        lookups: once(() => {
          onceCalls.count += 1;
          return ['lookup'];
        }),
        danger: '</script><script>alert(1)</script><!--',
        separators: 'a\u2028b\u2029c',
      }),
  }),
  fixture({
    name: 'fixture.rescue',
    method: 'GET',
    path: '/__t/rescue',
    handler: (_req, res) =>
      inertia(res).render('Fixture/Rescue', {
        good: defer(() => 'fine'),
        bad: defer((): string => {
          throw new Error('deferred failure');
        }).rescue(),
      }),
  }),
  fixture({
    name: 'fixture.encrypted',
    method: 'GET',
    path: '/__t/encrypted',
    handler: (_req, res) => inertia(res).encryptHistory().render('Fixture/Encrypted', {}),
  }),
  fixture({
    name: 'fixture.clear',
    method: 'POST',
    path: '/__t/clear',
    handler: (_req, res) => {
      inertia(res).clearHistory();
      res.redirect('/__t/props');
    },
  }),
  fixture({
    name: 'fixture.form',
    method: 'POST',
    path: '/__t/form',
    handler: async (req, res, deps) => {
      const input = formSchema.parse(req.body);
      await deps.knex(WRITES_TABLE).insert({ name: input.name });
      inertia(res).back({ flash: { success: `Saved ${input.name}` } });
    },
  }),
  fixture({
    name: 'fixture.api.write',
    method: 'POST',
    path: '/api/__t/write',
    handler: async (req, res, deps) => {
      const input = z.object({ name: z.string() }).parse(req.body);
      await deps.knex(WRITES_TABLE).insert({ name: input.name });
      res.status(201).json({ ok: true });
    },
  }),
  ...(['POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method) =>
    fixture({
      name: `fixture.redirect.${method.toLowerCase()}`,
      method,
      path: '/__t/redirect',
      handler: (_req, res) => res.redirect('/__t/props'),
    }),
  ),
  fixture({
    name: 'fixture.redirect307',
    method: 'PUT',
    path: '/__t/redirect307',
    handler: (_req, res) => res.redirect(307, '/__t/props'),
  }),
  fixture({
    name: 'fixture.external',
    method: 'GET',
    path: '/__t/external',
    handler: (_req, res) => inertia(res).location('https://example.com/elsewhere?x=1'),
  }),
  fixture({
    name: 'fixture.fragment',
    method: 'POST',
    path: '/__t/fragment',
    handler: (_req, res) => inertia(res).redirect('/__t/props#details'),
  }),
  fixture({
    name: 'fixture.flash',
    method: 'GET',
    path: '/__t/flash',
    handler: (_req, res) => {
      inertia(res).flash({ success: 'Flashed!' });
      res.redirect('/__t/props');
    },
  }),
  fixture({
    name: 'fixture.boom',
    method: 'GET',
    path: '/__t/boom',
    handler: () => {
      throw new Error('secret internals: db password is hunter2');
    },
  }),
  fixture({
    name: 'fixture.api.boom',
    method: 'GET',
    path: '/api/__t/boom',
    handler: () => {
      throw new Error('secret internals: db password is hunter2');
    },
  }),
  fixture({
    name: 'fixture.admin',
    method: 'GET',
    path: '/__t/admin-only',
    auth: 'admin',
    ssr: false,
    handler: (_req, res) => inertia(res).render('Fixture/Admin', { secret: 'admin data' }),
  }),
  fixture({
    name: 'fixture.public',
    method: 'GET',
    path: '/__t/public',
    handler: (_req, res) => inertia(res).render('Fixture/Public', { hello: 'world' }),
  }),
  fixture({
    name: 'fixture.api.public',
    method: 'GET',
    path: '/api/__t/public',
    sessionless: true,
    handler: (_req, res) => {
      res.set('Cache-Control', 'public, max-age=60').json({ hello: 'world' });
    },
  }),
];
