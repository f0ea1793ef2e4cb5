import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../errors/error-body.factory';

/** A path that is not valid percent-encoding cannot name anything: 400 before routing. */
export function rejectMalformedPath(request: Request, response: Response, next: NextFunction): void {
  try {
    decodeURIComponent(request.path);
  } catch {
    response.status(400).json(errorBody(400, 'URL path is not valid percent-encoding'));
    return;
  }
  next();
}
