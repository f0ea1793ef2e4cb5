import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import { Privilege } from './privileges';
import { SessionPrincipal } from './session-principal';

export const PUBLIC_ROUTE = 'simsvc:public';
export const REQUIRED_PRIVILEGES = 'simsvc:privileges';

/** The route needs no session. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** The route needs a valid session holding every listed privilege. */
export const RequirePrivileges = (...privileges: Privilege[]) => SetMetadata(REQUIRED_PRIVILEGES, privileges);

/** The caller's session as the global guard verified it (on public routes: when one was sent). */
export const CurrentSession = createParamDecorator((_data: unknown, context: ExecutionContext): SessionPrincipal | undefined => {
  return context.switchToHttp().getRequest<Request & { session?: SessionPrincipal }>().session;
});
