import { TestService, TestServiceOptions } from '@simsvc/testing';
import { AppModule } from '../../src/app/app.module';
import { CACHE_SERVICE, CacheConfig } from '../../src/app/cache-config';

export type CacheTestService = TestService<CacheConfig>;

export const startCacheService = (options?: TestServiceOptions): Promise<CacheTestService> =>
  TestService.start(CACHE_SERVICE, (config) => AppModule.forRoot(config), options);

let sequence = 0;

/** A valid POST /cache body; each call gets a new key unless one is given. */
export function makeEntry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    cache_key: `heat-1d/1.0.0/input-${sequence}`,
    simulation_id: 7,
    simulation_name: 'heat-1d',
    simulation_version: '1.0.0',
    execution_id: `exec-${sequence}`,
    squid_id: `heat-1d/r1/${sequence}`,
    input_hash: `hash-${sequence}`,
    run_db_path: `/runs/exec-${sequence}.db`,
    ttl_hours: 24,
    metadata: { user: 'alice', cores: 4 },
    ...overrides,
  };
}

/** The path of GET/HEAD/DELETE for a key: each segment percent-encoded, slashes kept. */
export const entryPath = (key: string): string => `/cache/${key.split('/').map(encodeURIComponent).join('/')}`;
