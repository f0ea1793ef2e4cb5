import createClient, { type Client, type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { HttpMethod, MediaType, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { isUnreachable, SimsvcError, SimsvcNotServiceError, SimsvcUnreachableError } from './simsvc-error.js';

/** The header that carries the session token (the OpenAPI documents' `session` security scheme). */
export const SESSION_HEADER = 'X-Session-ID';

/** Where the current session token lives; shared by the three services of one client. */
export interface SessionHolder {
  id?: string;
}

// openapi-fetch's shape of paths (generated as type aliases, which have the index signature it needs).
type AnyPaths = Record<string, Partial<Record<HttpMethod, object>>>;

// openapi-fetch's own rule (not exported) for whether the options argument may be left out.
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

type Defined<T> = [Exclude<T, undefined>] extends [never] ? undefined : Exclude<T, undefined>;

/** The success body of an operation (undefined for 204 and HEAD). */
export type SuccessBody<Paths extends AnyPaths, Path extends keyof Paths, Method extends HttpMethod, Init = object> = Defined<
  FetchResponse<NonNullable<Paths[Path][Method]>, Init, MediaType>['data']
>;

/** openapi-fetch's typed method, resolving to the success body and throwing on any other answer. */
export type BodyMethod<Paths extends AnyPaths, Method extends HttpMethod> = <
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<SuccessBody<Paths, Path, Method, Init>>;

/** One service: a method per HTTP verb, and the underlying openapi-fetch client as `raw`. */
export interface ServiceClient<Paths extends AnyPaths> {
  GET: BodyMethod<Paths, 'get'>;
  POST: BodyMethod<Paths, 'post'>;
  PUT: BodyMethod<Paths, 'put'>;
  PATCH: BodyMethod<Paths, 'patch'>;
  DELETE: BodyMethod<Paths, 'delete'>;
  HEAD: BodyMethod<Paths, 'head'>;
  /** openapi-fetch's client: `{ data, error, response }` for every answer, no exceptions for non-2xx. */
  raw: Client<Paths>;
}

export interface ServiceClientOptions {
  baseUrl: string;
  session: SessionHolder;
  fetch?: (input: Request) => Promise<Response>;
}

/**
 * Adds the session header (unless the call gave its own), turns "no answer" into
 * SimsvcUnreachableError and an HTML answer (a web page, not a service) into SimsvcNotServiceError.
 */
function simsvcMiddleware(session: SessionHolder, baseUrl: string): Middleware {
  return {
    onRequest({ request }) {
      if (session.id !== undefined && !request.headers.has(SESSION_HEADER)) request.headers.set(SESSION_HEADER, session.id);
      return request;
    },
    onError({ request, error }) {
      return isUnreachable(error) ? new SimsvcUnreachableError(request.url, error) : undefined;
    },
    onResponse({ request, response }) {
      // A proxy's 5xx page (bad gateway, …) is HTML too: that stays a SimsvcError of its status.
      if (response.status < 500 && /^text\/html\b/i.test(response.headers.get('Content-Type') ?? ''))
        throw new SimsvcNotServiceError(baseUrl, request.url);
      return undefined;
    },
  };
}

export function createServiceClient<Paths extends AnyPaths>(options: ServiceClientOptions): ServiceClient<Paths> {
  const raw = createClient<Paths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  raw.use(simsvcMiddleware(options.session, options.baseUrl));

  const method = (verb: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD') =>
    (async (url: string, init?: object) => {
      const call = raw[verb] as unknown as (url: string, init?: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
      const { data, error, response } = await call(url, init);
      if (!response.ok) throw SimsvcError.fromResponse({ method: verb, url: response.url || url }, response, error);
      return data;
    }) as never;

  return {
    GET: method('GET'),
    POST: method('POST'),
    PUT: method('PUT'),
    PATCH: method('PATCH'),
    DELETE: method('DELETE'),
    HEAD: method('HEAD'),
    raw,
  };
}
