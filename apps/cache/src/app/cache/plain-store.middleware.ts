import { Injectable, NestMiddleware } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Access, routeAccess, SessionAdmission, SessionRequest } from '@simsvc/auth';
import { StoreEntryDto } from '@simsvc/contracts';
import { answerJson, ContractValidationPipe } from '@simsvc/platform';
import type { NextFunction, Response } from 'express';
import { CacheController } from './cache.controller';
import { CacheService } from './cache.service';

/**
 * `POST /cache` (every sim2l store) answered before Nest's router, as PlainGetMiddleware answers
 * a plain GET: admission by the guard's rules under the access CacheController.store's
 * decorators ask for, the body validated by the global pipe's rules (ContractValidationPipe:
 * StoreEntryDto's plain check, else class-validator), CacheService.store, and its answer written
 * as the controller's is; a refusal is rejected, and answered as the global error filter answers
 * the controller's. Any other spelling of the path (a query string, `/cache/`, another case) goes
 * on to the router.
 * CacheModule mounts it in front of every route and answers its rejections (see there).
 *
 * Why: through the router a store also paid Nest's execution context, guard and pipe steps and
 * the microtasks between them (5.8 % of its profile's samples before, 2.1 % after) and Express's
 * `send` (docs/benchmarks/2026-11-28-request-path-8.md).
 */
/** The route the router would answer these requests by, for the metrics label (observe-requests). */
const ROUTE = { path: '/cache' };

@Injectable()
export class PlainStoreMiddleware implements NestMiddleware {
  /** The access CacheController.store's decorators ask for, as the guard reads it. */
  private readonly access: Access;
  private readonly validation = new ContractValidationPipe();

  constructor(
    private readonly admission: SessionAdmission,
    private readonly cache: CacheService,
    reflector: Reflector,
  ) {
    this.access = routeAccess(reflector, CacheController.prototype.store, CacheController);
  }

  async use(request: SessionRequest, response: Response, next: NextFunction): Promise<void> {
    if (request.method !== 'POST' || request.originalUrl !== ROUTE.path) return next();
    request.route = ROUTE;
    const admitted = this.admission.admit(request, this.access);
    if (admitted !== true) await admitted;
    const entry = (await this.validation.transform(request.body, { type: 'body', metatype: StoreEntryDto })) as StoreEntryDto;
    answerJson(response, JSON.stringify(await this.cache.store(entry, request.session)));
  }
}
