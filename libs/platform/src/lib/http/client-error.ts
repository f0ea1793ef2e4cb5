import type { Socket } from 'node:net';
import { RequestErrorCode } from '@simsvc/contracts';
import { errorBody } from '../errors/error-body.factory';
import { statusOfCode } from '../errors/error-status';
import { JSON_CONTENT_TYPE } from './json-answer';
import { DISCARD_LIMIT_BYTES, LINGER_MS } from './unread-body';

/** Node's parser errors (`HPE_*`) and its request timeout, each with the answer it deserves. */
function refusalOf(code: string | undefined): [RequestErrorCode, string] | undefined {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [RequestErrorCode.Timeout, 'request timed out'];
  if (code === 'HPE_HEADER_OVERFLOW') return [RequestErrorCode.HeadersTooLarge, 'request headers are too large'];
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return [RequestErrorCode.BodyTooLarge, 'chunk extensions are too large'];
  if (code?.startsWith('HPE_')) return [RequestErrorCode.MalformedHttp, 'malformed HTTP request'];
  return undefined;
}

/**
 * Written to the socket: no request object exists for the error filter. The status comes from
 * the same table (ERROR_STATUS).
 */
function rawResponse(code: RequestErrorCode, message: string): string {
  const status = statusOfCode(code);
  const body = JSON.stringify(errorBody(status, message));
  const head = [
    `HTTP/1.1 ${status} ${errorBody(status, message).error}`,
    `Content-Type: ${JSON_CONTENT_TYPE}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

const answering = new WeakSet<Socket>();

/**
 * The server's `clientError` handler: a request Node cannot parse (a raw non-ASCII byte in its
 * path, a bad header) gets the contract's error body instead of Node's bare `400` — and the
 * connection is not closed at once. Node's own handler destroys it while the client may still
 * be writing its body, which that client sees as a reset instead of the answer. Here what
 * arrives next is read and dropped, as a refused body is (see unread-body.ts), until the client
 * closes its side, DISCARD_LIMIT_BYTES have come, it has sent nothing for LINGER_MS, or
 * `deadlineMs` (the server's `requestTimeout`, the time any request may take to arrive) has
 * passed. A body under the limit is thus read whole however slowly it comes: a fixed linger would
 * reset a client that is merely slow (a loaded machine sending 12 MB), not one that misbehaves.
 */
export function clientErrorHandler(deadlineMs: number): (error: NodeJS.ErrnoException, socket: Socket) => void {
  return (error, socket) => {
    // The parser fails again on each piece that follows the first error; one answer is enough.
    if (answering.has(socket)) return;
    const refusal = refusalOf(error.code);
    if (!refusal || !socket.writable) {
      socket.destroy();
      return;
    }
    const [code, message] = refusal;
    // A request whose body broke the framing has its response object on the socket already: as
    // Node does, answer if nothing of that response was written, and close.
    // (Node's own handler reads the same private field.) A client too slow to send its request
    // is not waited for either.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (inFlight || error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      if (!inFlight?.headersSent) socket.write(rawResponse(code, message));
      socket.destroySoon();
      return;
    }
    answering.add(socket);
    lingerWhileSending(socket, deadlineMs);
    socket.write(rawResponse(code, message));
    socket.resume();
  };
}

/** Drops what the client sends and closes its connection on the first of the bounds above. */
function lingerWhileSending(socket: Socket, deadlineMs: number): void {
  const close = () => socket.destroy();
  // 0 is Node's "no request timeout"; silence and the byte limit still bound the linger.
  const deadline = deadlineMs > 0 ? setTimeout(close, deadlineMs) : undefined;
  const silence = setTimeout(close, LINGER_MS);
  let received = 0;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > DISCARD_LIMIT_BYTES) return close();
    silence.refresh();
  });
  socket.once('end', () => socket.end());
  socket.once('close', () => {
    clearTimeout(deadline);
    clearTimeout(silence);
  });
}
