import { Injectable, NestMiddleware } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Access, routeAccess, SessionAdmission } from '@simsvc/auth';
import { answerJson } from '@simsvc/platform';
import type { NextFunction, Request, Response } from 'express';
import { cacheKeyOf } from './cache-key.param';
import { CacheController } from './cache.controller';
import { CacheService } from './cache.service';

/** Routes beside `/cache/{cache_key}` that Nest's router matches first, as Express matches them: any case, one trailing slash. */
const LITERAL_ROUTES = /^(stats|entries|invalidations)\/?$/i;

const PREFIX = '/cache/';

/** The route the router would answer these requests by, for the metrics label (observe-requests). */
const ROUTE = { path: '/cache/*cache_key' };

/**
 * `GET /cache/{cache_key}` without a query string (every sim2l lookup) answered before Nest's
 * router: admission by the guard's rules (SessionAdmission), the key read as CacheKeyParam reads
 * it, CacheService.retrieve, and the entry's JSON written as the controller's answer is; a
 * refusal or a miss is rejected, and answered as the global error filter answers the
 * controller's. A query string (`?simulation_id=N`, validated by its DTO), HEAD and the literal
 * routes go on to the router.
 * CacheModule mounts it in front of every route and answers its rejections (see there).
 *
 * Why: in `npm run bench -- cache` a SQLite GET hit cost 119–121 µs of CPU through the router
 * and 76 µs answered here (bare NestJS: 40–43 µs), on PostgreSQL 107–120 µs and 90–98 µs: the
 * router's matching, the execution context's guard, pipes and interceptors, Express's `send`
 * and the system time of a slower server (docs/benchmarks/2026-11-28-request-path-7.md).
 * Request id, security headers, body handling, request log and metrics are middleware before
 * this one and apply as to every request.
 */
@Injectable()
export class PlainGetMiddleware implements NestMiddleware {
  /** The access CacheController.retrieve's decorators ask for, as the guard reads it. */
  private readonly access: Access;

  constructor(
    private readonly admission: SessionAdmission,
    private readonly cache: CacheService,
    reflector: Reflector,
  ) {
    this.access = routeAccess(reflector, CacheController.prototype.retrieve, CacheController);
  }

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    const url = request.originalUrl;
    if (request.method !== 'GET' || !url.startsWith(PREFIX) || url.includes('?') || LITERAL_ROUTES.test(url.slice(PREFIX.length))) {
      return next();
    }
    request.route = ROUTE;
    const admitted = this.admission.admit(request, this.access);
    if (admitted !== true) await admitted;
    answerJson(response, await this.cache.retrieve(cacheKeyOf(request), undefined));
  }
}
