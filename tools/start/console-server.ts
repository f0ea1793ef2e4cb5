// The console at one origin: its built files (dist/apps/console) and the three services under
// /api/cache, /api/catalog and /api/results, proxied with http-proxy-middleware. The console's
// responses carry a strict Content-Security-Policy (helmet): scripts, styles, fonts and requests
// only from this origin, no inline script, no eval. The proxied answers keep the services' headers.
// Like docker/nginx.conf, it is the edge: the services learn the browser's address from the
// X-Forwarded-For it sets to the connecting address, never from what the browser sent.
// Responses are compressed (brotli, else gzip) when the browser accepts it, proxied JSON included.

import compression from 'compression';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';
import fs from 'node:fs';
import type { Server, ServerResponse } from 'node:http';
import path from 'node:path';

export const CONSOLE_SERVICES = ['cache', 'catalog', 'results'] as const;
export type ConsoleUpstreams = Record<(typeof CONSOLE_SERVICES)[number], string>;

export interface ConsoleServerOptions {
  /** The built console (index.html and assets/). */
  staticDir: string;
  /** Each service's base URL, e.g. http://127.0.0.1:8001. */
  upstreams: ConsoleUpstreams;
}

/** The policy of the console's own responses (index.html and its assets). */
export const CONSOLE_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The contract's error body for a service that does not answer, naming the service. */
function unavailable(res: Response | ServerResponse, service: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: `the ${service} service is unavailable` });
  res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Retry-After': '5' });
  res.end(body);
}

/** The forwarding headers a proxied request carries, replacing whatever the client sent (as nginx's `proxy_set_header`). */
export function setForwardingHeaders(req: Request, _res: Response, next: NextFunction): void {
  for (const name of ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-port', 'x-forwarded-proto', 'x-real-ip']) {
    delete req.headers[name];
  }
  const address = req.socket.remoteAddress;
  if (address !== undefined) {
    req.headers['x-forwarded-for'] = address;
    req.headers['x-real-ip'] = address;
  }
  req.headers['x-forwarded-proto'] = 'http';
  next();
}

export function createConsoleApp(options: ConsoleServerOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Scripts, styles, JSON and CSV/NDJSON exports (compressible types over 1 KiB); streamed
  // responses stay streamed, in compressed blocks.
  app.use(compression());
  app.use('/api', setForwardingHeaders);
  for (const service of CONSOLE_SERVICES) {
    // Mounted on the prefix, so the service sees its own paths (/api/cache/cache/stats → /cache/stats).
    app.use(
      `/api/${service}`,
      createProxyMiddleware({
        target: options.upstreams[service],
        // Not xfwd, which appends to the client's own X-Forwarded-For: setForwardingHeaders replaces it.
        xfwd: false,
        proxyTimeout: 60_000,
        on: { error: (_error, _req, res) => unavailable(res as Response, service) },
      }),
    );
  }
  app.use(helmet({ contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_CSP }, crossOriginEmbedderPolicy: false }));
  app.use(
    '/assets',
    express.static(path.join(options.staticDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  app.use(express.static(options.staticDir, { index: false, maxAge: 0 }));
  // Every other GET is a page of the single-page app: its routes live in the URL.
  const indexHtml = path.join(options.staticDir, 'index.html');
  app.get(/^\/(?!api\/).*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return app;
}

export interface RunningConsoleServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function startConsoleServer(options: ConsoleServerOptions & { port: number; host?: string }): Promise<RunningConsoleServer> {
  if (!fs.existsSync(path.join(options.staticDir, 'index.html'))) {
    return Promise.reject(new Error(`the console is not built: ${path.join(options.staticDir, 'index.html')} is missing (npm run build)`));
  }
  const app = createConsoleApp(options);
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    const server: Server = app.listen(options.port, host);
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      resolve({
        url: `http://${host}:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

export const CONSOLE_DIST = path.resolve(import.meta.dirname, '../../dist/apps/console');
export const DEFAULT_CONSOLE_PORT = 8000;

/** A service's port as the service itself reads it: SIMSVC_<SVC>_PORT, then <SVC>_PORT, then its default. */
function servicePort(service: (typeof CONSOLE_SERVICES)[number], env: NodeJS.ProcessEnv): number {
  const name = service.toUpperCase();
  return Number(env[`SIMSVC_${name}_PORT`] ?? env[`${name}_PORT`] ?? SERVICE_PORTS[service]);
}

const SERVICE_PORTS = { cache: 8001, catalog: 8002, results: 8003 } as const;

/**
 * For `npm start` (which has built the console with the services when stale): serves it on
 * SIMSVC_CONSOLE_PORT (8000) in front of the services on the ports they read from the environment.
 */
export async function serveConsoleForStart(env = process.env): Promise<RunningConsoleServer> {
  const port = Number(env['SIMSVC_CONSOLE_PORT'] ?? DEFAULT_CONSOLE_PORT);
  const upstream = (service: (typeof CONSOLE_SERVICES)[number]) => `http://127.0.0.1:${servicePort(service, env)}`;
  const server = await startConsoleServer({
    staticDir: CONSOLE_DIST,
    port,
    upstreams: { cache: upstream('cache'), catalog: upstream('catalog'), results: upstream('results') },
  });
  return server;
}
