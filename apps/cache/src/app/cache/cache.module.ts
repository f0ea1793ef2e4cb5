import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { CACHE_STORE, DatabaseModule } from '@simsvc/persistence';
import { MetricsModule } from '@simsvc/platform';
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
  providers: [CacheService, CacheMetrics, ExpiryPurger, AnonymousWriteLimit],
})
export class CacheModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(PlainGetMiddleware).forRoutes({ path: 'cache/*cache_key', method: RequestMethod.GET });
    consumer.apply(PlainStoreMiddleware).forRoutes({ path: 'cache', method: RequestMethod.POST });
  }
}
