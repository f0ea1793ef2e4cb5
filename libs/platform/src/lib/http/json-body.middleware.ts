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
 * JSON bodies per contract §1: not JSON → 415, malformed → 400, over 1 MiB → 413, each in the
 * contract's error shape. A POST without a body needs no content type. A refused body is read
 * and discarded before the answer (up to DISCARD_LIMIT_BYTES; see unread-body.ts), so that a
 * client still writing it reads the answer instead of a reset.
 */
export const jsonBodyMiddleware: RequestHandler = (request: Request, response: Response, next: NextFunction) => {
  if (!METHODS_WITH_BODY.has(request.method) || !hasBody(request)) return next();
  if (Number(request.headers['content-length']) > DISCARD_LIMIT_BYTES) return answerAfterBody(request, response, 413, TOO_LARGE);
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
