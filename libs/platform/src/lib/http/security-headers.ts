import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * helmet's headers on every response (`X-Content-Type-Options: nosniff`, `X-Frame-Options`,
 * `Referrer-Policy`, ...) and a Content-Security-Policy that the Swagger UI at /docs lives with:
 * its scripts and styles come from this origin, its logo and icons are data: URIs, and its
 * "Try it out" calls this origin. HSTS is left to the TLS-terminating proxy: the services speak
 * plain HTTP.
 *
 * These headers depend on nothing in the request, so helmet runs once, at start-up, and each
 * response gets the headers it set (a dozen setHeader calls instead of helmet's chain of
 * middleware per request).
 */
export function securityHeaders(): RequestHandler {
  const headers = helmetHeaders();
  return (_request, response, next) => {
    for (const [name, value] of headers) response.setHeader(name, value);
    next();
  };
}

/** The headers helmet sets on a response, in its order. */
function helmetHeaders(): [name: string, value: string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  let done = false;
  securityMiddleware()({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return [...headers];
}

function securityMiddleware() {
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
