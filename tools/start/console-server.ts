// The console at one origin: its built files (dist/apps/console) and the three services under
// /api/cache, /api/catalog and /api/results, proxied with http-proxy-middleware. The console's
// responses carry a strict Content-Security-Policy (helmet): scripts, styles, fonts and requests
// only from this origin, no inline script, no eval. The proxied answers keep the services' headers.

import express, { type Express, type Response } from 'express';
import { spawnSync } from 'node:child_process';
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

export function createConsoleApp(options: ConsoleServerOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  for (const service of CONSOLE_SERVICES) {
    // Mounted on the prefix, so the service sees its own paths (/api/cache/cache/stats → /cache/stats).
    app.use(
      `/api/${service}`,
      createProxyMiddleware({
        target: options.upstreams[service],
        xfwd: true,
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

/**
 * For `npm start`: builds the console when it has not been built, then serves it on
 * SIMSVC_CONSOLE_PORT (8000) in front of the services on their default ports.
 */
export async function serveConsoleForStart(note: (line: string) => void): Promise<RunningConsoleServer> {
  if (!fs.existsSync(path.join(CONSOLE_DIST, 'index.html'))) {
    note('building the console (dist/apps/console is missing)');
    const build = spawnSync('npx', ['nx', 'run', 'console:build'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: 'inherit',
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    });
    if (build.status !== 0) throw new Error('the console build failed');
  }
  const port = Number(process.env['SIMSVC_CONSOLE_PORT'] ?? DEFAULT_CONSOLE_PORT);
  const server = await startConsoleServer({
    staticDir: CONSOLE_DIST,
    port,
    upstreams: { cache: 'http://127.0.0.1:8001', catalog: 'http://127.0.0.1:8002', results: 'http://127.0.0.1:8003' },
  });
  note(`console: ${server.url} (the services under /api/cache, /api/catalog, /api/results)`);
  return server;
}
