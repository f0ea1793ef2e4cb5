import type { paths as CachePaths } from '../generated/cache.js';
import type { paths as CatalogPaths } from '../generated/catalog.js';
import type { paths as ResultsPaths } from '../generated/results.js';
import { createServiceClient, type ServiceClient, type SessionHolder } from './service-client.js';
import { createSessionFlow, type SessionFlow } from './session-flow.js';

/** Where `npm start` (and each service by default) listens. */
export const DEFAULT_URLS = {
  cacheUrl: 'http://127.0.0.1:8001',
  catalogUrl: 'http://127.0.0.1:8002',
  resultsUrl: 'http://127.0.0.1:8003',
} as const;

export interface SimsvcClientOptions {
  /** Base URL of each service: an origin, an origin with a path prefix, or (in a browser) a same-origin prefix like `/api/cache`. */
  cacheUrl?: string;
  catalogUrl?: string;
  resultsUrl?: string;
  /** A session token to start with (sent as X-Session-ID). */
  session?: string;
  /** A fetch implementation (default: the global fetch). */
  fetch?: (input: Request) => Promise<Response>;
}

export interface SimsvcClient {
  cache: ServiceClient<CachePaths>;
  catalog: ServiceClient<CatalogPaths>;
  results: ServiceClient<ResultsPaths>;
  session: SessionFlow;
  /** The current session token, sent as X-Session-ID on every request. */
  readonly sessionId: string | undefined;
  setSession(id: string | undefined): void;
}

/** A typed client of the three simsvc services, sharing one session. */
export function createSimsvcClient(options: SimsvcClientOptions = {}): SimsvcClient {
  const session: SessionHolder = { id: options.session };
  const { fetch } = options;
  const cache = createServiceClient<CachePaths>({ baseUrl: options.cacheUrl ?? DEFAULT_URLS.cacheUrl, session, fetch });
  return {
    cache,
    catalog: createServiceClient<CatalogPaths>({ baseUrl: options.catalogUrl ?? DEFAULT_URLS.catalogUrl, session, fetch }),
    results: createServiceClient<ResultsPaths>({ baseUrl: options.resultsUrl ?? DEFAULT_URLS.resultsUrl, session, fetch }),
    session: createSessionFlow(cache, session),
    get sessionId() {
      return session.id;
    },
    setSession(id) {
      session.id = id;
    },
  };
}
