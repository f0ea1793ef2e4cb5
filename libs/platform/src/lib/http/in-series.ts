import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * One Express middleware that runs `handlers` in order, as Express runs them mounted one by one:
 * each goes on by calling `next()`, and an error passed to `next` skips the rest for the app's
 * error handling (a synchronous throw reaches Express's layer, as before). Why not `app.use` for
 * each: every layer of Express's router costs a match, a parameter step and a prefix trim per
 * request, ~0.8 µs of a cache GET hit under the profiler
 * (docs/benchmarks/2026-11-28-request-path-10.md).
 */
export function inSeries(handlers: readonly RequestHandler[]): RequestHandler {
  return handlers.reduceRight<RequestHandler>(
    (rest, handler) => (request: Request, response: Response, next: NextFunction) =>
      handler(request, response, (error?: unknown) => (error ? next(error) : rest(request, response, next))),
    (_request, _response, next) => next(),
  );
}
