import { Module } from '@nestjs/common';
import { CacheController } from './cache.controller';
import { CacheMetrics } from './cache.metrics';
import { CacheService } from './cache.service';
import { ExpiryPurger } from './expiry-purger';

@Module({
  controllers: [CacheController],
  providers: [CacheService, CacheMetrics, ExpiryPurger],
})
export class CacheModule {}
