import { DynamicModule, Module } from '@nestjs/common';
import { CACHE_STORE } from '@simsvc/persistence';
import { PlatformModule, ServiceConfig } from '@simsvc/platform';
import { CacheConfig } from './cache-config';
import { CacheModule } from './cache/cache.module';

@Module({})
export class AppModule {
  static forRoot(config: ServiceConfig<CacheConfig>): DynamicModule {
    // CacheModule first: Nest registers routes module by module in this order, and Express tries
    // them in turn, so the cache's own routes come before the session, user, health and metrics
    // routes and a cache request walks none of those (docs/benchmarks/2026-11-27-request-path-3.md).
    return { module: AppModule, imports: [CacheModule, PlatformModule.forService(config, CACHE_STORE)] };
  }
}
