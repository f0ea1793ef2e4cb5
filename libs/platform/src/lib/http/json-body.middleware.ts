import { json } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { errorBody } from '../errors/error-body.factory';

export const MAX_BODY_BYTES = 1024 * 1024;
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
 * contract's error shape. A POST without a body needs no content type.
 */
export const jsonBodyMiddleware: RequestHandler = (request: Request, response: Response, next: NextFunction) => {
  if (!METHODS_WITH_BODY.has(request.method) || !hasBody(request)) return next();
  if (!isJson(request)) {
    response.status(415).json(errorBody(415, 'request body must be application/json'));
    return;
  }
  parseJson(request, response, (error?: { type?: string; status?: number }) => {
    if (!error) return next();
    if (error.type === 'entity.too.large') response.status(413).json(errorBody(413, `request body exceeds ${MAX_BODY_BYTES} bytes`));
    else if (error.type === 'entity.parse.failed') response.status(400).json(errorBody(400, 'malformed JSON body'));
    else
      response
        .status(error.status && error.status < 500 ? error.status : 400)
        .json(errorBody(error.status && error.status < 500 ? error.status : 400, 'unreadable request body'));
  });
};
