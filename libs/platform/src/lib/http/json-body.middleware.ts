import { json } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { answerAfterBody, DISCARD_LIMIT_BYTES, refuseEndlessBody } from './unread-body';

export const MAX_BODY_BYTES = 1024 * 1024;
const TOO_LARGE = `request body exceeds ${MAX_BODY_BYTES} bytes`;
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

const parseJson = json({ limit: MAX_BODY_BYTES, strict: false, type: () => true });

function hasBody(request: Request): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function isJson(request: Request): boolean {
  const type = request.headers['content-type'];
  return type !== undefined && /^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(type);
}

/**
 * A route that reads its own body, as a stream, when it arrives in one of `types` (a run database
 * uploaded, NDJSON lines): the middleware leaves such a body unread. Any other body on that route
 * is JSON when the route takes JSON (`json`), else refused with 415 naming `types`.
 */
export interface StreamedBodyRoute {
  method: 'POST' | 'PUT';
  path: string;
  /** Matched against the media type alone (lower case, without parameters). */
  types: readonly string[];
  /** Whether a JSON body is accepted on the route as well. */
  json: boolean;
}

function mediaType(request: Request): string | undefined {
  return request.headers['content-type']?.split(';')[0].trim().toLowerCase();
}

/**
 * JSON bodies per contract §1: not JSON → 415, malformed → 400, over 1 MiB → 413, each in the
 * contract's error shape. A POST without a body needs no content type. A refused body is read
 * and discarded before the answer (up to DISCARD_LIMIT_BYTES; see unread-body.ts), so that a
 * client still writing it reads the answer instead of a reset.
 */
export const jsonBodyMiddleware =
  (streamed: readonly StreamedBodyRoute[] = []): RequestHandler =>
  (request: Request, response: Response, next: NextFunction) => {
    if (!METHODS_WITH_BODY.has(request.method) || !hasBody(request)) return next();
    const route = streamed.find((candidate) => candidate.method === request.method && candidate.path === request.path);
    const type = mediaType(request);
    // Its own limits apply there: the route counts what it reads.
    if (route && type !== undefined && route.types.includes(type)) return next();
    if (Number(request.headers['content-length']) > DISCARD_LIMIT_BYTES) return answerAfterBody(request, response, 413, TOO_LARGE);
    // A route that takes JSON too keeps the contract's message (§1), which clients know.
    if (route && !route.json) return answerAfterBody(request, response, 415, `request body must be ${route.types.join(' or ')}`);
    if (!isJson(request)) return answerAfterBody(request, response, 415, 'request body must be application/json');
    refuseEndlessBody(request, response, 413, TOO_LARGE);
    parseJson(request, response, (error?: { type?: string; status?: number }) => {
      // Already answered: the body grew past DISCARD_LIMIT_BYTES while it was being discarded.
      if (response.headersSent) return;
      if (!error) return next();
      const [status, message] = refusal(error);
      // Some refusals (an unknown content encoding) come before the body was read.
      answerAfterBody(request, response, status, message);
    });
  };

function refusal(error: { type?: string; status?: number }): [number, string] {
  if (error.type === 'entity.too.large') return [413, TOO_LARGE];
  if (error.type === 'entity.parse.failed') return [400, 'malformed JSON body'];
  return [error.status && error.status < 500 ? error.status : 400, 'unreadable request body'];
}
