import type { ServerResponse } from 'node:http';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Answers `json` with `status` and the headers Express's `res.status(status).json()` gives it
 * (the app sends no ETag), written straight to Node's response: Express's `json` and `send` parse
 * and format the content type and look up its charset again on every answer, ~5 µs of a cache GET
 * miss (docs/benchmarks/2026-11-28-request-path-9.md). Node writes no body for a HEAD request.
 */
export function answerJson(response: ServerResponse, json: string, status = 200): void {
  response.statusCode = status;
  response.setHeader('Content-Type', JSON_CONTENT_TYPE);
  response.setHeader('Content-Length', Buffer.byteLength(json));
  response.end(json);
}
