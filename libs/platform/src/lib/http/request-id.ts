import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
export const REQUEST_ID_HEADER = 'X-Request-ID';

/** The incoming X-Request-ID when well-formed, else a new one; echoed on the response. */
export function assignRequestId(request: IncomingMessage, response: ServerResponse): string {
  const incoming = request.headers['x-request-id'];
  const id = typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  response.setHeader(REQUEST_ID_HEADER, id);
  return id;
}
