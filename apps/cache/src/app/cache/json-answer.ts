import type { Response } from 'express';

/** A 200 with `json` as its body, with the headers Express's `res.json` and `res.type('json')` give it. */
export function answerJson(response: Response, json: string): void {
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(json));
  response.end(json);
}
