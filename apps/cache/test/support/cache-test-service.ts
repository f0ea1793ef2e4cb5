import { TestService, TestServiceOptions, useTestService } from '@simsvc/testing';
import { AppModule } from '../../src/app/app.module';
import { CACHE_SERVICE, CacheConfig } from '../../src/app/cache-config';

export type CacheTestService = TestService<CacheConfig>;

export const startCacheService = (options?: TestServiceOptions): Promise<CacheTestService> =>
  TestService.start(CACHE_SERVICE, (config) => AppModule.forRoot(config), options);

/** A cache service started before the describe block's tests and closed after them (useTestService). */
export const useCacheService = (options?: TestServiceOptions): CacheTestService => useTestService(() => startCacheService(options));

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

/** The tests' requests come from loopback, named as a trusted proxy, so X-Forwarded-For picks the client address. */
export const BEHIND_LOOPBACK_PROXY = ['--trusted-proxies', 'loopback'];

/** Options that point another service at the same auth store, as replicas are deployed. */
export function sharedAuthStoreArgs(svc: CacheTestService): string[] {
  const store = svc.config.auth.store;
  return store.backend === 'postgresql' ? ['--auth-db-url', store.url as string] : ['--auth-db-path', store.path];
}

/** Two replicas behind a loopback proxy sharing one auth store; close them with closeReplicas. */
export async function startReplicas(): Promise<{ first: CacheTestService; second: CacheTestService }> {
  const first = await startCacheService({ args: BEHIND_LOOPBACK_PROXY });
  const second = await startCacheService({ args: [...sharedAuthStoreArgs(first), ...BEHIND_LOOPBACK_PROXY] });
  return { first, second };
}

/** Closes the replicas that started, the last started first. */
export async function closeReplicas(replicas: { first?: CacheTestService; second?: CacheTestService }): Promise<void> {
  await replicas.second?.close();
  await replicas.first?.close();
}

/** The token of an anonymous session that `token`'s session mints with `privileges` (POST /session/anonymous, asserting 200). */
export async function mintAnonymous(svc: CacheTestService, token: string, privileges: string[]): Promise<string> {
  return (await svc.http().post('/session/anonymous').set('X-Session-ID', token).send({ privileges }).expect(200)).body.token as string;
}
