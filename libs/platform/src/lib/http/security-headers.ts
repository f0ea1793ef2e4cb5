import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * helmet's headers on every response (`X-Content-Type-Options: nosniff`, `X-Frame-Options`,
 * `Referrer-Policy`, ...) and a Content-Security-Policy that the Swagger UI at /docs lives with:
 * its scripts and styles come from this origin, its logo and icons are data: URIs, and its
 * "Try it out" calls this origin. HSTS is left to the TLS-terminating proxy: the services speak
 * plain HTTP.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    strictTransportSecurity: false,
  });
}
