import { DynamicModule, INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { PinoLogger } from 'nestjs-pino';
import { ServiceConfig } from '../config/service-config';
import { clientErrorHandler } from '../http/client-error';
import { inSeries } from '../http/in-series';
import { jsonBodyMiddleware } from '../http/json-body.middleware';
import { rejectMalformedPath } from '../http/malformed-path.middleware';
import { securityHeaders } from '../http/security-headers';
import { observeRequests } from '../http/observe-requests.middleware';
import { serviceLogger } from '../logging/service-logger';
import { MetricsRegistry } from '../metrics/metrics.registry';
import { DocumentationRoutes } from '../openapi/documentation-routes';
import { setUpOpenApi } from '../openapi/openapi';

// Longer than nginx's upstream keep-alive, so the proxy never reuses a connection we just closed.
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Builds a ready (not yet listening) application; used by main.ts and by the e2e tests alike. */
export async function createServiceApp(module: DynamicModule, config: ServiceConfig<unknown>): Promise<INestApplication> {
  // abortOnError false: a failed start-up rejects, so runService can print why before it exits 1.
  const app = await NestFactory.create<NestExpressApplication>(module, {
    bodyParser: false,
    logger: serviceLogger(config),
    abortOnError: false,
  });
  app.disable('x-powered-by');
  // Responses are small JSON documents; hashing each one for an ETag costs more than it saves.
  app.set('etag', false);
  // X-Forwarded-For names the client only when the request comes from a listed proxy (--trusted-proxies).
  app.set('trust proxy', config.trustedProxies.length > 0 ? config.trustedProxies : false);
  app.use(
    inSeries([
      securityHeaders(),
      observeRequests(app.get(MetricsRegistry), PinoLogger.root),
      rejectMalformedPath,
      jsonBodyMiddleware(config.streamedBodies),
    ]),
  );
  app.get(DocumentationRoutes).registerAfterApiRoutes(() => setUpOpenApi(app, config));
  await app.init();
  const server = app.getHttpServer();
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  server.on('clientError', clientErrorHandler(server.requestTimeout));
  return app;
}
