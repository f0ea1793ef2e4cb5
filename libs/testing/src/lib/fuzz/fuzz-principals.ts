import { testCredentials, type TestService } from '../test-service';
import type { FuzzPrincipals } from './fuzz-runner';
import type { FuzzRequest, Principal } from './request-generator';

/** Usernames the run must never change, delete or fail to log in as: those of its own sessions. */
export const PRINCIPAL_USERNAMES = ['admin', 'test-user', 'test-developer'];

/**
 * The run's sessions on a test service: none, a forged token, an anonymous session and one of
 * each role. A session a request ended (a logout) is replaced by a new login.
 */
export async function fuzzPrincipals<T>(svc: TestService<T>): Promise<FuzzPrincipals> {
  const tokens = new Map<Principal, string>([
    ['garbage', 'eyJhbGciOiJub25lIn0.eyJzaWQiOiJ4In0.'],
    ['anonymous', await svc.anonymousToken()],
    ['user', await svc.tokenFor('user')],
    ['developer', await svc.tokenFor('developer')],
    ['admin', await svc.tokenFor('admin')],
  ]);
  const renewing = new Map<Principal, Promise<void>>();
  const renewOnce = async (principal: Principal): Promise<void> => {
    const current = tokens.get(principal);
    if (
      (
        await svc
          .http()
          .get('/session')
          .set('X-Session-ID', current ?? '')
      ).status !== 401
    )
      return;
    if (principal === 'anonymous') tokens.set(principal, await svc.anonymousToken().catch(() => current ?? ''));
    else if (principal !== 'none' && principal !== 'garbage') {
      const { username, password } = testCredentials(principal);
      tokens.set(principal, await svc.login(username, password));
    }
  };
  return {
    token: (principal) => tokens.get(principal),
    renew: (principal) => {
      if (principal === 'garbage') return Promise.resolve();
      const pending = renewing.get(principal) ?? renewOnce(principal).finally(() => renewing.delete(principal));
      renewing.set(principal, pending);
      return pending;
    },
  };
}

/** A request sent exactly as given among a run's fixed cases. */
export function fixedRequest(principal: Principal, method: string, target: string, body?: Buffer): FuzzRequest {
  const headers: Record<string, string> = { connection: 'close' };
  if (body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(body.length) });
  return { operation: 'fixed case', method, target, headers, body, principal, mutations: [] };
}
