import type { NextFunction, Request, Response } from 'express';
import { bodyShapeProblem } from '../errors/body-shape';
import { RequestErrorCode } from '@simsvc/contracts';
import { RequestRefused } from '../errors/request-refused';
import { refuseAfterBody } from './unread-body';

/** Why the path cannot name anything, or undefined when it may. */
function pathProblem(path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return 'URL path is not valid percent-encoding';
  }
  // No route has U+0000 in a literal segment, so one in the path is one in a path parameter:
  // refused here once for every route of every service, as bodies and query strings are by the
  // validation pipe (PostgreSQL stores no U+0000; see checks-own-nul.ts in libs/contracts).
  return bodyShapeProblem(decoded, 'URL path');
}

/**
 * A path that is not valid percent-encoding or that holds U+0000 (`%00`): 400 before routing,
 * once the body is read and dropped (see unread-body.ts), so a client still writing one reads
 * the answer.
 */
export function rejectMalformedPath(request: Request, _response: Response, next: NextFunction): void {
  const problem = pathProblem(request.path);
  if (problem) return refuseAfterBody(request, next, new RequestRefused(RequestErrorCode.MalformedPath, problem));
  next();
}
