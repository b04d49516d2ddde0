import { HttpError, isApiRequest } from '../../errors.ts';
import type { RouteHandler } from '../../routes/types.ts';

/**
 * The honest answer of a route whose area is not built yet: pages render `Public/ComingSoon`
 * (naming the area and the page), JSON calls and mutations answer 501 Not Implemented and
 * change nothing.
 */
export function comingSoon(area: string, title: string): RouteHandler {
  return async (req, res) => {
    if (isApiRequest(req)) throw new HttpError(501, `${title} (${area}) is not built yet.`);
    await res.inertia.render(
      'Public/ComingSoon',
      { area, title },
      { status: req.method === 'GET' || req.method === 'HEAD' ? 200 : 501 },
    );
  };
}
