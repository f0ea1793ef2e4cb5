import type { Request, Response } from 'express';
import { errorBody } from '../errors/error-body.factory';

/**
 * The most of a refused body that is read and discarded so the client can read the answer.
 * A client still writing when its connection closes gets a reset instead of the response.
 */
export const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;
/** Past DISCARD_LIMIT_BYTES: how long the answer waits for the client to stop sending. */
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
export function answerAndLinger(request: Request, response: Response, status: number, message: string): void {
  const payload = JSON.stringify(errorBody(status, message));
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
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
 * Answers an error once the client has sent its whole body (read and discarded, up to
 * DISCARD_LIMIT_BYTES), so that it can read the answer; a larger body gets the answer with a
 * lingering close instead.
 */
export function answerAfterBody(request: Request, response: Response, status: number, message: string): void {
  if ((declaredLength(request) ?? 0) > DISCARD_LIMIT_BYTES) return answerAndLinger(request, response, status, message);
  void discardBody(request, DISCARD_LIMIT_BYTES).then((outcome) => {
    if (outcome === 'aborted' || response.headersSent) return;
    if (outcome === 'over-limit') answerAndLinger(request, response, status, message);
    else response.status(status).json(errorBody(status, message));
  });
}

/**
 * A body sent without a length (chunked) is counted while it is read; past
 * DISCARD_LIMIT_BYTES it is refused at once with `status`.
 */
export function refuseEndlessBody(request: Request, response: Response, status: number, message: string): void {
  if (declaredLength(request) !== undefined) return;
  void discardBody(request, DISCARD_LIMIT_BYTES).then((outcome) => {
    if (outcome === 'over-limit' && !response.headersSent) answerAndLinger(request, response, status, message);
  });
}
