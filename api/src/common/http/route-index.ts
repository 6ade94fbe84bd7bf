import type { NextFunction, Request, Response } from 'express';

/** The parts of an Express 5 router layer (package `router`) the index reads. */
type Layer = { route?: { path?: unknown; _handlesMethod(method: string): boolean }; match(path: string): boolean };
/** The parts of an Express 5 router the index reads and writes. */
type Router = { stack: Layer[]; handle(req: Request, res: Response, next: NextFunction): void; use(fn: (req: Request, res: Response, next: NextFunction) => void): unknown };

/** Runs of fewer route layers are left as they are: scanning a few costs less than a lookup. */
const MIN_RUN = 8;

/** A path with no parameter, wildcard or optional part: the only kind a request path can equal exactly. */
const isStaticPath = (path: unknown): path is string => typeof path === 'string' && !/[:*?(){}]/.test(path);

/**
 * Index the route layers of `router` (the Express 5 application router, after Nest registered its
 * routes: `await app.init()`), so that a request stops scanning every route before its own
 * (docs/decisions/042-hot-path.md). Express tries each layer's path matcher in turn: with 220 routes,
 * a call to a route registered late ran a hundred-odd regular expressions first, about a tenth of
 * the CPU of GET /api/getUserDetails.
 *
 * Each run of at least MIN_RUN consecutive route layers is replaced by one middleware that hands the
 * request to a router holding only the layers that can match it: for a path that equals a static
 * route path (`/api/getUserDetails`), the layers whose matchers accept that path, found once here
 * (so the same handlers run in the same order as before, a parameterised route that also matches
 * included); for any other path (`/api/getReleaseDetails/42`, another letter case, a trailing
 * slash), all of the run's layers in their order. Not found, errors and HEAD behave as before.
 * OPTIONS skips the run (no route answers it); a run holding a route that answers OPTIONS
 * or `all` methods is left as it is. Answers the number of layers indexed.
 */
export function indexRoutes(router: Router): number {
  let indexed = 0;
  const stack = router.stack;
  for (let start = 0; start < stack.length; start++) {
    if (!stack[start]!.route) continue;
    let end = start;
    while (end < stack.length && stack[end]!.route) end++;
    const run = stack.slice(start, end);
    if (run.length < MIN_RUN || run.some((layer) => layer.route!._handlesMethod('OPTIONS'))) {
      start = end;
      continue;
    }
    const sub = (layers: Layer[]): Router => Object.assign(Object.create(router) as Router, { stack: layers });
    const all = sub(run);
    const byPath = new Map<string, Router>();
    for (const layer of run) {
      const path = layer.route!.path;
      if (isStaticPath(path) && !byPath.has(path)) byPath.set(path, sub(run.filter((candidate) => candidate.match(path))));
    }
    router.use(function routeIndex(req: Request, res: Response, next: NextFunction) {
      if (req.method === 'OPTIONS') return next();
      (byPath.get(req.path) ?? all).handle(req, res, next);
    });
    const dispatcher = stack.pop()!;
    stack.splice(start, run.length, dispatcher);
    indexed += run.length;
  }
  return indexed;
}
