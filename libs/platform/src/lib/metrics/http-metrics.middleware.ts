import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { MetricsRegistry } from './metrics.registry';

/** Counts and times every response, labelled by the matched route template (not the raw URL). */
export function httpMetricsMiddleware(metrics: MetricsRegistry): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const stopTimer = metrics.httpDuration.startTimer();
    response.once('finish', () => {
      const route = request.route?.path ? `${request.baseUrl}${String(request.route.path)}` : 'unmatched';
      const labels = { method: request.method, route, status: String(response.statusCode) };
      metrics.httpRequests.inc(labels);
      stopTimer(labels);
    });
    next();
  };
}
