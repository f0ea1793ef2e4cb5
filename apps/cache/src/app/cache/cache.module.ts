import { Module } from '@nestjs/common';
import { AnonymousWriteLimit } from './anonymous-write-limit';
import { CacheController } from './cache.controller';
import { CacheMetrics } from './cache.metrics';
import { CacheService } from './cache.service';
import { ExpiryPurger } from './expiry-purger';

@Module({
  controllers: [CacheController],
  providers: [CacheService, CacheMetrics, ExpiryPurger, AnonymousWriteLimit],
})
export class CacheModule {}
