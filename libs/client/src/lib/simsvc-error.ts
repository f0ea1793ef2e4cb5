/** The header every simsvc service answers with: the request's id, as its log lines name it. */
export const REQUEST_ID_HEADER = 'X-Request-ID';

/** The contract's error body: `{ statusCode, error, message, details? }`. */
interface ErrorBodyShape {
  statusCode?: unknown;
  error?: unknown;
  message?: unknown;
  details?: unknown;
}

/** A service answered with a status outside 2xx. */
export class SimsvcError extends Error {
  override readonly name = 'SimsvcError';
  /** The HTTP status. */
  readonly status: number;
  /** The body's `details` (validation errors: one line per failed constraint), when it has them. */
  readonly details?: unknown;
  /** The X-Request-ID of the response: the id the service's log lines carry for this request. */
  readonly requestId?: string;
  /** The whole error body as sent (parsed JSON, else text; undefined for HEAD and empty bodies). */
  readonly body?: unknown;
  /** The method and URL of the refused request. */
  readonly method: string;
  readonly url: string;
  /** Seconds to wait before trying again, from a Retry-After header in seconds (429, 503). */
  readonly retryAfterSeconds?: number;

  constructor(init: {
    status: number;
    message: string;
    details?: unknown;
    requestId?: string;
    body?: unknown;
    method: string;
    url: string;
    retryAfterSeconds?: number;
  }) {
    super(init.message);
    this.status = init.status;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.details = init.details;
    this.requestId = init.requestId;
    this.body = init.body;
    this.method = init.method;
    this.url = init.url;
  }

  /** From a non-2xx response and its body (as openapi-fetch parsed it). */
  static fromResponse(request: { method: string; url: string }, response: Response, body: unknown): SimsvcError {
    const shape: ErrorBodyShape = typeof body === 'object' && body !== null ? body : {};
    const message =
      typeof shape.message === 'string'
        ? shape.message
        : typeof body === 'string' && body.trim() !== ''
          ? body.trim()
          : response.statusText || `HTTP ${response.status}`;
    return new SimsvcError({
      status: response.status,
      message,
      details: shape.details,
      requestId: response.headers.get(REQUEST_ID_HEADER) ?? undefined,
      body,
      method: request.method,
      url: request.url,
      retryAfterSeconds: retryAfterSeconds(response.headers.get('Retry-After')),
    });
  }
}

/** Retry-After as delay-seconds (the services send that form); an HTTP date is left out. */
function retryAfterSeconds(header: string | null): number | undefined {
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header.trim()) : undefined;
}

/**
 * An HTML answer (any status below 500) where a service's JSON was expected: the URL is a web
 * page (such as the console, which serves the services under /api/<service>), not a simsvc service.
 */
export class SimsvcNotServiceError extends Error {
  override readonly name = 'SimsvcNotServiceError';
  /** The base URL the client was given for the service. */
  readonly baseUrl: string;
  /** The URL of the request that got HTML. */
  readonly url: string;

  constructor(baseUrl: string, url: string) {
    super(`not a simsvc service at ${baseUrl}: ${url} answered HTML`);
    this.baseUrl = baseUrl;
    this.url = url;
  }
}

/** No answer: the connection was refused or reset, or the name did not resolve. */
export class SimsvcUnreachableError extends Error {
  override readonly name = 'SimsvcUnreachableError';
  /** The URL of the request that got no answer. */
  readonly url: string;
  override readonly cause: unknown;

  constructor(url: string, cause: unknown) {
    super(`cannot reach ${originOf(url)}: ${reasonOf(cause)}`);
    this.url = url;
    this.cause = cause;
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** undici says "fetch failed" and puts the system error (ECONNREFUSED …) in its cause. */
function reasonOf(error: unknown): string {
  const { cause } = (error ?? {}) as { cause?: unknown };
  const inner = (typeof cause === 'object' && cause !== null ? cause : error) as { code?: unknown; message?: unknown } | null;
  if (typeof inner?.code === 'string') return inner.code;
  return typeof inner?.message === 'string' ? inner.message : String(inner);
}

/**
 * Whether a fetch failure means no answer: fetch rejects with a TypeError then, and with an
 * AbortError or TimeoutError when the caller's signal fired. By name, not instanceof: the error
 * may come from another realm (Node's fetch under a test runner's VM context, an iframe).
 */
export function isUnreachable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'TypeError';
}
