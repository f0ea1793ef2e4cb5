import type { paths as CachePaths } from '../generated/cache.js';
import { SimsvcError } from './simsvc-error.js';
import type { ServiceClient, SessionHolder, SuccessBody } from './service-client.js';

type LoginBody = CachePaths['/session/login']['post']['requestBody']['content']['application/json'];
type AnonymousBody = CachePaths['/session/anonymous']['post']['requestBody']['content']['application/json'];

/** Log in and out. Sessions are shared by the three services; these calls go to the cache service. */
export interface SessionFlow {
  /** POST /session/login; the returned token becomes the client's session. */
  login(body: LoginBody): Promise<SuccessBody<CachePaths, '/session/login', 'post'>>;
  /** POST /session/anonymous (privileges beyond the anonymous set need a current session holding them). */
  anonymous(body?: AnonymousBody): Promise<SuccessBody<CachePaths, '/session/anonymous', 'post'>>;
  /** POST /session/refresh; the new token becomes the client's session. */
  refresh(): Promise<SuccessBody<CachePaths, '/session/refresh', 'post'>>;
  /**
   * DELETE /session. The client forgets its session once the server has revoked it, or has
   * refused it as invalid or expired (401, which is still thrown: nothing was revoked).
   */
  logout(): Promise<void>;
  /** GET /session: who the current session is. */
  current(): Promise<SuccessBody<CachePaths, '/session', 'get'>>;
}

export function createSessionFlow(cache: ServiceClient<CachePaths>, session: SessionHolder): SessionFlow {
  return {
    async login(body) {
      const created = await cache.POST('/session/login', { body });
      session.id = created.token;
      return created;
    },
    async anonymous(body = {}) {
      const created = await cache.POST('/session/anonymous', { body });
      session.id = created.token;
      return created;
    },
    async refresh() {
      const refreshed = await cache.POST('/session/refresh');
      session.id = refreshed.token;
      return refreshed;
    },
    async logout() {
      try {
        await cache.DELETE('/session');
        session.id = undefined;
      } catch (error) {
        if (error instanceof SimsvcError && error.status === 401) session.id = undefined;
        throw error;
      }
    },
    current() {
      return cache.GET('/session');
    },
  };
}
