import { Module, NestModule } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CACHE_STORE, DatabaseModule } from '@simsvc/persistence';
import { answerFailure, MetricsModule } from '@simsvc/platform';
import type { NextFunction, Request, Response } from 'express';
import { AnonymousWriteLimit } from './anonymous-write-limit';
import { CacheController } from './cache.controller';
import { CacheMetrics } from './cache.metrics';
import { CacheRepository } from './cache.repository';
import { CacheService } from './cache.service';
import { ExpiryPurger } from './expiry-purger';
import { PlainGetMiddleware } from './plain-get.middleware';
import { PlainStoreMiddleware } from './plain-store.middleware';

@Module({
  imports: [DatabaseModule.forFeature(CACHE_STORE, [CacheRepository]), MetricsModule],
  controllers: [CacheController],
  providers: [CacheService, CacheMetrics, ExpiryPurger, AnonymousWriteLimit, PlainGetMiddleware, PlainStoreMiddleware],
})
export class CacheModule implements NestModule {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly plainGet: PlainGetMiddleware,
    private readonly plainStore: PlainStoreMiddleware,
  ) {}

  /**
   * Mounts the plain GET and store as one Express middleware after the platform's (security
   * headers, request id and log, path and body checks, added before the application starts) and
   * before every route. Each takes its own requests and passes the rest on; their errors are
   * answered as the global filter answers them (answerFailure). Why not
   * `consumer.apply(…).forRoutes(…)`: Nest mounts such middleware as a route of its own, and
   * matching `cache/*cache_key` with path-to-regexp, the router's parameter step and Nest's
   * per-request bookkeeping cost ~11 µs of a 80 µs SQLite hit
   * (docs/benchmarks/2026-11-28-request-path-9.md).
   */
  configure(): void {
    this.adapterHost.httpAdapter.use((request: Request, response: Response, next: NextFunction) =>
      (request.method === 'POST' ? this.plainStore.use(request, response, next) : this.plainGet.use(request, response, next)).catch(
        (error: unknown) => answerFailure(error, request, response),
      ),
    );
  }
}
