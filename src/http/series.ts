import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Several middleware as one router layer: each runs when the one before calls `next()`, in
 * order, exactly as consecutive `app.use` layers would. An error (`next(err)`, a throw, a
 * rejected promise) skips the rest and goes to the app's `next`, as Express's router does; so
 * do the router's signals `'route'` and `'router'`, which the enclosing router interprets.
 *
 * Why: every layer the router visits costs a path match, a params object and closures; a page
 * request passes a dozen middleware before its route (docs/benchmarks.md, "Web").
 */
export function series(handlers: readonly RequestHandler[]): RequestHandler {
  if (handlers.length === 1) return handlers[0]!;
  return (req: Request, res: Response, done: NextFunction): void => {
    stepper(handlers, req, res, done)();
  };
}

/** The `next` of one pass through `handlers`. */
function stepper(
  handlers: readonly RequestHandler[],
  req: Request,
  res: Response,
  done: NextFunction,
): (err?: unknown) => void {
  let index = 0;
  const next = unnamed((err?: unknown): void => {
    if (err) {
      done(err);
      return;
    }
    const handler = handlers[index++];
    if (!handler) {
      done();
      return;
    }
    try {
      const result: unknown = handler(req, res, next);
      if (result instanceof Promise) {
        result.then(undefined, (error: unknown) => {
          done(error ?? new Error('Rejected promise'));
        });
      }
    } catch (error) {
      done(error);
    }
  });
  return next;
}

/**
 * Returns `fn` as is. For closures made on every request: bound directly to a name, the
 * TypeScript loader (tsx, esbuild keepNames) would wrap each in an Object.defineProperty call
 * that sets its `name`.
 */
export function unnamed<F>(fn: F): F {
  return fn;
}
