import type { ErrorBody } from '@simsvc/contracts';
import type { NextFunction, Request, Response } from 'express';
import type { RequestRefused } from '../errors/request-refused';
import { JSON_CONTENT_TYPE } from './json-answer';

/**
 * The most of a refused body that is read and discarded so the client can read the answer.
 * A client still writing when its connection closes gets a reset instead of the response.
 */
export const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;
/**
 * Past DISCARD_LIMIT_BYTES: how long the answer waits for the client to stop sending. After a
 * parser error (client-error.ts): how long the client may send nothing before it is closed.
 */
export const LINGER_MS = 2000;

type BodyOutcome = 'complete' | 'over-limit' | 'aborted';

function declaredLength(request: Request): number | undefined {
  const length = request.headers['content-length'];
  return length === undefined ? undefined : Number(length);
}

/** Reads what is left of the body and drops it; stops counting past `limit`. */
export function discardBody(request: Request, limit: number): Promise<BodyOutcome> {
  if (request.complete) return Promise.resolve('complete');
  return new Promise((resolve) => {
    let received = 0;
    const settle = (outcome: BodyOutcome) => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('close', onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) settle('over-limit');
    };
    const onEnd = () => settle('complete');
    const onClose = () => settle(request.complete ? 'complete' : 'aborted');
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('close', onClose);
  });
}

/**
 * Sends the error at once, then keeps discarding what arrives until the body ends or LINGER_MS
 * has passed, and only then closes the connection.
 */
export function answerAndLinger(request: Request, response: Response, body: ErrorBody): void {
  const payload = JSON.stringify(body);
  response.writeHead(body.statusCode, {
    'Content-Type': JSON_CONTENT_TYPE,
    'Content-Length': Buffer.byteLength(payload),
    Connection: 'close',
  });
  // Written but not ended: ending a `Connection: close` response destroys the socket at once.
  response.write(payload);
  const close = () => {
    clearTimeout(timer);
    response.end();
  };
  const timer = setTimeout(close, LINGER_MS);
  if (request.complete) return close();
  request.once('end', close);
  request.once('close', close);
  request.resume();
}

/**
 * Raises `refusal` into the error filter once the client has sent its whole body (read and
 * discarded, up to DISCARD_LIMIT_BYTES), so that it can read the answer; a larger body gets the
 * answer with a lingering close instead.
 */
export function refuseAfterBody(request: Request, next: NextFunction, refusal: RequestRefused): void {
  if ((declaredLength(request) ?? 0) > DISCARD_LIMIT_BYTES) return next(refusal.lingering());
  void discardBody(request, DISCARD_LIMIT_BYTES).then((outcome) => {
    if (outcome === 'aborted') return;
    next(outcome === 'over-limit' ? refusal.lingering() : refusal);
  });
}

/**
 * A body sent without a length (chunked) is counted while it is read; past
 * DISCARD_LIMIT_BYTES the refusal `refuse` makes is raised at once, answered with a lingering
 * close. Made only then: an error captures its stack when made, and this runs for every JSON body.
 */
export function refuseEndlessBody(request: Request, response: Response, next: NextFunction, refuse: () => RequestRefused): void {
  if (declaredLength(request) !== undefined) return;
  void discardBody(request, DISCARD_LIMIT_BYTES).then((outcome) => {
    if (outcome === 'over-limit' && !response.headersSent) next(refuse().lingering());
  });
}
