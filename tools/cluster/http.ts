// A small HTTP/JSON client for the harness. It never throws for an HTTP status or a network
// error: the result says what happened ({status: 0, error} when no response came), so callers
// can count outcomes under load. Every request is bounded by a timeout.

import http from 'node:http';

const DEFAULT_TIMEOUT_MS = 15_000;

/** A JSON response body; a caller that reads fields names their types (`request<{ token: string }>`). */
export type JsonBody = Record<string, unknown>;

export interface RequestOptions {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: unknown;
  token?: string;
  timeoutMs?: number;
  agent?: http.Agent;
}

/** What came back: `status` 0 with `error` when no response came. */
export interface HttpResult<T = JsonBody> {
  ms: number;
  status: number;
  error?: string;
  timedOut?: boolean;
  headers?: http.IncomingHttpHeaders;
  text?: string;
  body?: T;
}

/** A keep-alive agent with at most `sockets` connections: N queued requests, `sockets` in flight. */
export function createAgent(sockets = 64): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
}

export function request<T = JsonBody>(
  baseUrl: string,
  { method = 'GET', path = '/', headers = {}, body, token, timeoutMs = DEFAULT_TIMEOUT_MS, agent }: RequestOptions = {},
): Promise<HttpResult<T>> {
  const url = new URL(path, baseUrl);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const allHeaders: http.OutgoingHttpHeaders = { accept: 'application/json', ...headers };
  if (token) allHeaders['x-session-id'] = token;
  if (payload) {
    allHeaders['content-type'] = 'application/json';
    allHeaders['content-length'] = payload.length;
  }
  const started = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<HttpResult<T>, 'ms'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ms: Date.now() - started, ...result });
    };
    const failed = (error: NodeJS.ErrnoException): void => finish({ status: 0, error: error.code ?? error.message });
    const req = http.request(url, { method, headers: allHeaders, agent: agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', failed);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: T | undefined;
        try {
          json = text ? (JSON.parse(text) as T) : undefined;
        } catch {
          json = undefined;
        }
        finish({ status: res.statusCode ?? 0, headers: res.headers, text, body: json });
      });
    });
    const timer = setTimeout(() => {
      req.destroy(new Error('timeout'));
      finish({ status: 0, error: `no response within ${timeoutMs} ms`, timedOut: true });
    }, timeoutMs);
    req.on('error', failed);
    req.end(payload);
  });
}

type CallOptions = Omit<RequestOptions, 'method' | 'path'>;

export interface Client {
  baseUrl: string;
  get<T = JsonBody>(path: string, options?: CallOptions): Promise<HttpResult<T>>;
  head(path: string, options?: CallOptions): Promise<HttpResult>;
  post<T = JsonBody>(path: string, body?: unknown, options?: CallOptions): Promise<HttpResult<T>>;
  delete<T = JsonBody>(path: string, options?: CallOptions): Promise<HttpResult<T>>;
  withToken(token: string): Client;
}

/** Bound to one base URL and, optionally, one session token. */
export function client(baseUrl: string, defaults: CallOptions = {}): Client {
  const call = <T>(method: string, path: string, options: CallOptions = {}): Promise<HttpResult<T>> =>
    request<T>(baseUrl, { ...defaults, ...options, method, path });
  return {
    baseUrl,
    get: (path, options) => call('GET', path, options),
    head: (path, options) => call('HEAD', path, options),
    post: (path, body, options) => call('POST', path, { ...options, body }),
    delete: (path, options) => call('DELETE', path, options),
    withToken: (token) => client(baseUrl, { ...defaults, token }),
  };
}

/** Runs `count` tasks with at most `concurrency` at once; resolves to their results in order. */
export async function mapConcurrent<T>(count: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next;
      next += 1;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

export function countBy<T>(items: readonly T[], keyOf: (item: T) => string | number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const key = keyOf(item);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
