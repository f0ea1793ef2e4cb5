import type { Request } from 'express';

/** The caller's address as express resolves it (honouring the app's `trust proxy` setting). */
export function clientAddress(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}
