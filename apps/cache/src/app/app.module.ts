import { DynamicModule, Module } from '@nestjs/common';
import { CACHE_STORE } from '@simsvc/persistence';
import { PlatformModule, ServiceConfig } from '@simsvc/platform';
import { CacheConfig } from './cache-config';
import { CacheModule } from './cache/cache.module';

@Module({})
export class AppModule {
  static forRoot(config: ServiceConfig<CacheConfig>): DynamicModule {
    return { module: AppModule, imports: [PlatformModule.forService(config, CACHE_STORE), CacheModule] };
  }
}
