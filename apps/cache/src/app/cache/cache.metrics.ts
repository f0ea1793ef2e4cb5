import { Injectable } from '@nestjs/common';
import { nowMicros } from '@simsvc/contracts';
import { MetricsRegistry } from '@simsvc/platform';
import { Counter, Gauge } from 'prom-client';
import { CacheRepository } from './cache.repository';

/** Cache figures for Prometheus: hits, misses, invalidations (this replica) and live entries (all). */
@Injectable()
export class CacheMetrics {
  readonly hits: Counter;
  readonly misses: Counter;
  readonly invalidations: Counter;

  constructor(metrics: MetricsRegistry, repository: CacheRepository) {
    const registers = [metrics.registry];
    this.hits = new Counter({ name: 'simsvc_cache_hits_total', help: 'Cache lookups that returned an entry', registers });
    this.misses = new Counter({ name: 'simsvc_cache_misses_total', help: 'Cache lookups that found no live entry', registers });
    this.invalidations = new Counter({ name: 'simsvc_cache_invalidations_total', help: 'Entries removed by invalidation', registers });
    new Gauge({
      name: 'simsvc_cache_live_entries',
      help: 'Live (unexpired) entries in the store',
      registers,
      async collect() {
        this.set(await repository.liveEntries(nowMicros()));
      },
    });
  }
}
