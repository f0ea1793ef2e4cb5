/// <reference types="jest" />
import { rawExchange, type RawOutcome, type RawRequest } from './raw-exchange';

/** A request the service refuses before reading its body, and what it must answer. */
export interface EarlyRefusal {
  name: string;
  method: string;
  /** As sent: `é` goes out as the byte 0xE9 (see RawRequest.target). */
  target: string;
  status: number;
  message?: string | RegExp;
  /** Default: a JSON string of 1.5 MiB. */
  body?: Buffer;
  headers?: Record<string, string>;
  /** Sent without the caller's session. */
  withoutSession?: boolean;
  /** A slow client: this wait between each two pieces of its body (RawRequest.pieceIntervalMs). */
  pieceIntervalMs?: number;
}

const MiB = 1024 * 1024;

/** The messages of requests refused before routing (their URL) or by Node's parser. */
export const EARLY_REFUSAL_MESSAGES = {
  malformed: 'malformed HTTP request',
  badEncoding: 'URL path is not valid percent-encoding',
  nulInPath: 'URL path must not contain U+0000',
} as const;

/**
 * A raw byte 0xE9 in the path (Node's parser refuses the request) with a body of 1.5 MiB that
 * takes about 3 s to arrive: longer than the 2 s a silent client is waited for, far below the
 * 16 MiB that are read and dropped. Its client must still read the whole answer, never a reset.
 */
export function slowBodyAfterParserError(method: string, target: string): EarlyRefusal {
  return {
    name: `${method} ${target} (a raw byte 0xE9) with a body that takes 3 s to arrive`,
    method,
    target,
    status: 400,
    message: EARLY_REFUSAL_MESSAGES.malformed,
    pieceIntervalMs: 120,
  };
}

/** A body within the 1 MiB that any body may have: read and dropped, then routed. */
export const bodyBelowLimit = (): Buffer => largeJsonString(900 * 1024);

/** A JSON document of `bytes` bytes: one long string. */
export function largeJsonString(bytes: number): Buffer {
  const body = Buffer.alloc(bytes, 'a');
  body[0] = body[bytes - 1] = 0x22;
  return body;
}

/**
 * Sends the refusal's body in 64 KiB pieces, as a client streaming a file does (pausing after the
 * first until the server answers or 300 ms have passed, see RawRequest), over a
 * keep-alive connection or with `Connection: close`, and returns what the client saw.
 */
export function sendEarlyRefusal(
  url: string,
  refusal: EarlyRefusal,
  connection: 'keep-alive' | 'close',
  token?: string,
): Promise<RawOutcome> {
  const body = refusal.body ?? largeJsonString(1.5 * MiB);
  const request: RawRequest = {
    method: refusal.method,
    target: refusal.target,
    headers: {
      host: new URL(url).host,
      'content-type': 'application/json',
      'content-length': String(body.length),
      connection,
      ...(token && !refusal.withoutSession ? { 'x-session-id': token } : {}),
      ...refusal.headers,
    },
    body,
    pieceBytes: 64 * 1024,
    pauseAfterFirstPieceMs: 300,
    pieceIntervalMs: refusal.pieceIntervalMs,
  };
  return rawExchange(url, request, 30_000);
}

/** The outcome as one comparable value: status and error-body fields, or the network error. */
export function answerOf(outcome: RawOutcome): { status?: number; statusCode?: unknown; message?: unknown; error?: string } {
  if (outcome.error) return { status: outcome.status, error: outcome.error };
  let body: { statusCode?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(outcome.body.toString('utf8')) as typeof body;
  } catch {
    body = { message: `not JSON: ${outcome.body.toString('utf8').slice(0, 80)}` };
  }
  return { status: outcome.status, statusCode: body.statusCode, message: body.message };
}

/**
 * The tests of each refusal, over a keep-alive connection and with `Connection: close`, sent
 * with the admin's session of `service()` (read when the test runs): the full answer with the
 * refusal's status (and, but for a HEAD, the error body's statusCode and its message), never a
 * reset.
 */
export function itAnswersEarlyRefusals(
  service: () => { readonly url: string; tokenFor(role: 'admin'): Promise<string> },
  refusals: EarlyRefusal[],
): void {
  describe.each(['keep-alive', 'close'] as const)('Connection: %s', (connection) => {
    it.each(refusals)('$name: the full $status answer, no reset', async (refusal) => {
      const target = service();
      const answer = answerOf(await sendEarlyRefusal(target.url, refusal, connection, await target.tokenFor('admin')));

      expect(answer.error).toBeUndefined();
      expect(answer.status).toBe(refusal.status);
      // A HEAD answer has no body.
      if (refusal.method !== 'HEAD') expect(answer.statusCode).toBe(refusal.status);
      if (refusal.message) expect(answer.message).toEqual(refusal.message);
    });
  });
}
