/// <reference types="jest" />
import type TestAgent from 'supertest/lib/agent';
import { ADMIN, type Role } from './test-service';

/**
 * The service of a describe block: `start` runs in its beforeAll and the service closes in its
 * afterAll (also when a test failed, and not at all when it never started). The handle returned
 * stands for the running service: each property read goes to it, so a test reads
 * `svc.http()` as it would on the service itself; read before beforeAll, it throws.
 */
export function useTestService<S extends { close(): Promise<void> }>(start: () => Promise<S>): S {
  let running: S | undefined;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(async () => {
    const service = running;
    running = undefined;
    await service?.close();
  });
  return new Proxy({} as S, {
    get(_handle, property) {
      // Not a promise: `await handle` and jest's matchers ask for `then`.
      if (property === 'then') return undefined;
      if (!running) throw new Error(`the suite's service is not running (it starts in beforeAll): read of ${String(property)}`);
      const value: unknown = Reflect.get(running, property, running);
      return typeof value === 'function' ? value.bind(running) : value;
    },
  });
}

/**
 * The sessions of the test users of `roles` (TestService.tokenFor) on a suite's service, taken
 * in a beforeAll after the service's: `sessions.developer` is the developer's token in each test.
 */
export function useSessions<R extends Role>(service: { tokenFor(role: Role): Promise<string> }, ...roles: R[]): Record<R, string> {
  const sessions = {} as Record<R, string>;
  beforeAll(async () => {
    for (const role of roles) sessions[role] = await service.tokenFor(role);
  });
  return sessions;
}

/**
 * The test that logging out ends a session: the admin's session reads `path` (a GET any session
 * may read), logs out, and is refused the same read as `session revoked`.
 */
export function itRefusesASessionAfterLogout(
  service: { login(username: string, password: string): Promise<string>; http(): TestAgent },
  path: string,
): void {
  it('refuses a session after logout', async () => {
    const token = await service.login(ADMIN.username, ADMIN.password);
    await service.http().get(path).set('X-Session-ID', token).expect(200);
    await service.http().delete('/session').set('X-Session-ID', token).expect(204);
    const { body } = await service.http().get(path).set('X-Session-ID', token).expect(401);
    expect(body.message).toBe('session revoked');
  });
}
