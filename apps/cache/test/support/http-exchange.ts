import { Agent, ClientRequest, IncomingHttpHeaders, IncomingMessage, request } from 'node:http';

/** What a client saw: a response, or the network error that came instead. */
export interface Exchange {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** The request went out on a connection an earlier request had used. */
  reusedSocket: boolean;
  error?: string;
}

export interface ExchangeOptions {
  method?: string;
  headers?: Record<string, string | number>;
  body?: Buffer;
  /** Write the body in pieces of this size, each after the previous one drained (as a client streaming a file does). */
  pieceBytes?: number;
  /** A keep-alive agent, or none (a connection of its own, closed after the answer). */
  agent?: Agent;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function collect(onResponse: (exchange: Exchange) => void, reused: () => boolean) {
  return (response: IncomingMessage) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () =>
      onResponse({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: parse(Buffer.concat(chunks).toString('utf8')),
        reusedSocket: reused(),
      }),
    );
    response.on('error', (error: NodeJS.ErrnoException) => onResponse(failed(error, reused())));
  };
}

function failed(error: NodeJS.ErrnoException, reusedSocket: boolean): Exchange {
  return { status: 0, headers: {}, body: undefined, reusedSocket, error: error.code ?? error.message };
}

/**
 * One request; resolves (never rejects) once it is over, with the response, or with the network
 * error if there was one, even after a response: a client that writes its whole body before
 * reading (most do) never sees an answer whose connection broke while it was still writing.
 */
export function exchange(url: string, path: string, options: ExchangeOptions = {}): Promise<Exchange> {
  return new Promise((resolve) => {
    let answer: Exchange | undefined;
    let error: NodeJS.ErrnoException | undefined;
    const req = request(new URL(path, url), { method: options.method ?? 'GET', headers: options.headers, agent: options.agent ?? false });
    req.on(
      'response',
      collect(
        (result) => (answer = result),
        () => req.reusedSocket,
      ),
    );
    req.on('error', (failure: NodeJS.ErrnoException) => (error ??= failure));
    req.on('close', () => {
      if (error) resolve(failed(error, req.reusedSocket));
      else resolve(answer ?? failed(new Error('closed without a response'), req.reusedSocket));
    });
    void writeBody(req, options.body, options.pieceBytes);
  });
}

async function writeBody(req: ClientRequest, body: Buffer | undefined, pieceBytes = body?.length ?? 0): Promise<void> {
  let offset = 0;
  while (body && body.length - offset > pieceBytes) {
    if (req.destroyed) return;
    const piece = body.subarray(offset, offset + pieceBytes);
    offset += pieceBytes;
    if (!req.write(piece)) await new Promise((drained) => req.once('drain', drained));
  }
  if (!req.destroyed) req.end(body?.subarray(offset));
}

/**
 * A POST whose body comes in two parts: `inFlight` resolves once the server has read the headers
 * (it answered `100 Continue`) and the first half is written; `finish()` sends the rest.
 */
export function heldRequest(url: string, path: string, body: Buffer, headers: Record<string, string> = {}) {
  const half = Math.floor(body.length / 2);
  let markInFlight!: () => void;
  const inFlight = new Promise<void>((resolve) => (markInFlight = resolve));
  const req = request(new URL(path, url), {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': body.length, expect: '100-continue', ...headers },
  });
  const response = new Promise<Exchange>((resolve) => {
    req.on('continue', () => req.write(body.subarray(0, half), () => markInFlight()));
    req.on(
      'response',
      collect(resolve, () => false),
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve(failed(error, false)));
  });
  req.flushHeaders();
  return { inFlight, response, finish: () => req.end(body.subarray(half)) };
}
