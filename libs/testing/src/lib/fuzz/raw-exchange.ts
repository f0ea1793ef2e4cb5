import { connect, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/** A request as bytes on the wire: any request line (raw non-ASCII, bad escapes), any headers, any body. */
export interface RawRequest {
  method: string;
  /** The request target as sent; each character below U+0100 is one byte (latin1), so bytes ≥ 0x80 can be sent raw. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The body is written in pieces of this size, each after the previous one drained, as a client streaming a file does. */
  pieceBytes?: number;
  /**
   * After the first piece, wait this long or until the response begins before writing the rest:
   * the server then answers, if it does, while the body is still coming, as it would for a slow
   * or distant client (on loopback a fast client has usually written everything first).
   */
  pauseAfterFirstPieceMs?: number;
  /** A wait between each two pieces after that: a slow client, whose body takes seconds to send. */
  pieceIntervalMs?: number;
}

/** What the client saw: the whole response, and any network error before the exchange was over. */
export interface RawOutcome {
  status?: number;
  headers: Record<string, string>;
  body: Buffer;
  /** ECONNRESET, EPIPE, "closed before the response was complete", "no answer within N ms". */
  error?: string;
}

interface ResponseHead {
  status: number;
  headers: Record<string, string>;
  bodyStart: number;
}

function parseHead(received: Buffer): ResponseHead | undefined {
  const end = received.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, bodyStart: end + 4 };
}

/** The decoded body of a chunked response, or undefined while its last chunk has not arrived. */
function dechunk(data: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', offset);
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16);
    if (size === 0) return Buffer.concat(parts);
    if (data.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

/** The body once the response is complete (by its length, its chunks, or no body at all), else undefined. */
function completeBody(method: string, head: ResponseHead, received: Buffer, closed: boolean): Buffer | undefined {
  const data = received.subarray(head.bodyStart);
  if (method === 'HEAD' || head.status === 204 || head.status === 304) return Buffer.alloc(0);
  if (/chunked/i.test(head.headers['transfer-encoding'] ?? '')) return dechunk(data);
  const length = head.headers['content-length'];
  if (length !== undefined) return data.length >= Number(length) ? data.subarray(0, Number(length)) : undefined;
  return closed ? data : undefined;
}

/**
 * Sends one request on a connection of its own and reads its response. Like most clients, it
 * writes the whole body whatever the server answers meanwhile; an error while it does (the
 * server closed on it) is reported even after a response, since such a client never reads that
 * response. The connection is closed by the client once both are done.
 */
export function rawExchange(url: string, request: RawRequest, timeoutMs: number): Promise<RawOutcome> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let received = Buffer.alloc(0);
    let head: ResponseHead | undefined;
    let body: Buffer | undefined;
    let written = false;
    let error: string | undefined;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: head?.status, headers: head?.headers ?? {}, body: body ?? received.subarray(head?.bodyStart ?? 0), error });
    };
    const timer = setTimeout(() => {
      error ??= `no answer within ${timeoutMs} ms`;
      finish();
    }, timeoutMs);
    const check = (closed: boolean) => {
      head ??= parseHead(received);
      if (head && body === undefined) body = completeBody(request.method, head, received, closed);
      if (body !== undefined && written) socket.end();
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received = Buffer.concat(chunks);
      check(false);
    });
    socket.on('error', (failure: NodeJS.ErrnoException) => (error ??= failure.code ?? failure.message));
    socket.on('close', () => {
      check(true);
      if (body === undefined) error ??= head ? 'closed before the response was complete' : 'closed without a response';
      // A client that writes its whole body before it reads (most do) sees EPIPE or a reset here.
      if (!written) error ??= 'closed while the request body was being written';
      finish();
    });
    const headers = Object.entries(request.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(Buffer.from(`${request.method} ${request.target} HTTP/1.1\r\n${headers}\r\n`, 'latin1'));
    const answered = new Promise<void>((began) => socket.on('data', () => began()));
    const pause = () => Promise.race([answered, new Promise<void>((later) => setTimeout(later, request.pauseAfterFirstPieceMs ?? 0))]);
    const chunked = /chunked/i.test(request.headers['transfer-encoding'] ?? '');
    const payload = chunked ? chunkedFraming(request.body ?? Buffer.alloc(0), request.pieceBytes) : request.body;
    void writeBody(socket, payload, request.pieceBytes, pause, request.pieceIntervalMs).then((complete) => {
      written = complete;
      check(false);
    });
  });
}

/** The body in `Transfer-Encoding: chunked` framing, in chunks of pieceBytes. */
function chunkedFraming(body: Buffer, pieceBytes = 64 * 1024): Buffer {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < body.length; offset += pieceBytes) {
    const chunk = body.subarray(offset, offset + pieceBytes);
    parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

/** Whether the whole body was written before the connection closed. */
async function writeBody(
  socket: Socket,
  body: Buffer | undefined,
  pieceBytes = 64 * 1024,
  pause: () => Promise<void>,
  intervalMs = 0,
): Promise<boolean> {
  for (let offset = 0; body && offset < body.length; offset += pieceBytes) {
    if (offset === pieceBytes) await pause();
    else if (offset > pieceBytes && intervalMs > 0) await delay(intervalMs);
    if (socket.destroyed || socket.writableEnded) return false;
    if (!socket.write(body.subarray(offset, offset + pieceBytes))) {
      await new Promise<void>((drained) => {
        socket.once('drain', drained);
        socket.once('close', drained);
      });
    }
  }
  return !socket.destroyed;
}
