import { json } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { RequestErrorCode } from '@simsvc/contracts';
import { RequestRefused } from '../errors/request-refused';
import { DISCARD_LIMIT_BYTES, discardBody, refuseAfterBody, refuseEndlessBody } from './unread-body';

export const MAX_BODY_BYTES = 1024 * 1024;
const TOO_LARGE = `request body exceeds ${MAX_BODY_BYTES} bytes`;
const tooLarge = () => new RequestRefused(RequestErrorCode.BodyTooLarge, TOO_LARGE);
const unsupported = (message: string) => new RequestRefused(RequestErrorCode.UnsupportedMediaType, message);
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
 * contract's error shape (raised into the error filter). A POST without a body needs no content
 * type. A refused body is read and discarded before the answer (up to DISCARD_LIMIT_BYTES; see unread-body.ts), so that a
 * client still writing it reads the answer instead of a reset.
 *
 * Every body is read here, before routing: a body sent with another method (a GET, a DELETE)
 * is read and dropped (over 1 MiB: 413). So whatever answers later — a 401 or 403 of the
 * guard, a 404 of the router, a 400 of a pipe — answers a request whose body is in, and a
 * client still writing its body never meets a closed connection.
 */
export const jsonBodyMiddleware =
  (streamed: readonly StreamedBodyRoute[] = []): RequestHandler =>
  (request: Request, response: Response, next: NextFunction) => {
    if (!hasBody(request)) return next();
    const route = streamed.find((candidate) => candidate.method === request.method && candidate.path === request.path);
    const type = mediaType(request);
    // Its own limits apply there: the route counts what it reads.
    if (route && type !== undefined && route.types.includes(type)) return next();
    if (Number(request.headers['content-length']) > DISCARD_LIMIT_BYTES) return refuseAfterBody(request, next, tooLarge());
    if (!METHODS_WITH_BODY.has(request.method)) return dropBody(request, next);
    // A route that takes JSON too keeps the contract's message (§1), which clients know.
    if (route && !route.json) return refuseAfterBody(request, next, unsupported(`request body must be ${route.types.join(' or ')}`));
    if (!isJson(request)) return refuseAfterBody(request, next, unsupported('request body must be application/json'));
    refuseEndlessBody(request, response, next, tooLarge);
    parseJson(request, response, (error?: { type?: string; status?: number }) => {
      // Already answered: the body grew past DISCARD_LIMIT_BYTES while it was being discarded.
      if (response.headersSent) return;
      if (!error) return next();
      // Some refusals (an unknown content encoding) come before the body was read.
      refuseAfterBody(request, next, refusal(error));
    });
  };

/** A body no route reads: dropped, then on to routing; past MAX_BODY_BYTES refused like a JSON body. */
function dropBody(request: Request, next: NextFunction): void {
  if (Number(request.headers['content-length']) > MAX_BODY_BYTES) return refuseAfterBody(request, next, tooLarge());
  void discardBody(request, MAX_BODY_BYTES).then((outcome) => {
    if (outcome === 'complete') next();
    else if (outcome === 'over-limit') refuseAfterBody(request, next, tooLarge());
  });
}

/** body-parser's refusal as ours; of its other 4xx only 415 (an unknown charset or encoding) can occur here. */
function refusal(error: { type?: string; status?: number }): RequestRefused {
  if (error.type === 'entity.too.large') return tooLarge();
  if (error.type === 'entity.parse.failed') return new RequestRefused(RequestErrorCode.MalformedJson, 'malformed JSON body');
  const code = error.status === 415 ? RequestErrorCode.UnsupportedMediaType : RequestErrorCode.UnreadableBody;
  return new RequestRefused(code, 'unreadable request body');
}
