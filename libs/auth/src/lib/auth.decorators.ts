import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension, DECORATORS } from '@nestjs/swagger';
import type { Request } from 'express';
import { Privilege } from './privileges';
import { SessionPrincipal } from './session-principal';

export const PUBLIC_ROUTE = 'simsvc:public';
export const REQUIRED_PRIVILEGES = 'simsvc:privileges';
export const ANONYMOUS_READABLE = 'simsvc:anonymous-readable';

/** In the OpenAPI document, `security: []`: the operation overrides the document's session requirement. */
const DocumentedAsPublic: MethodDecorator = (_target, _key, descriptor) => {
  const operation: object = Reflect.getMetadata(DECORATORS.API_OPERATION, descriptor.value as object) ?? {};
  Reflect.defineMetadata(DECORATORS.API_OPERATION, { ...operation, security: [] }, descriptor.value as object);
  return descriptor;
};

/** The route needs no session. */
export const Public = () => applyDecorators(SetMetadata(PUBLIC_ROUTE, true), DocumentedAsPublic);

/** The document's security scheme of X-Session-ID (libs/platform's SESSION_SECURITY_SCHEME; auth does not depend on platform). */
const SESSION_SCHEME = 'session';

/** In the OpenAPI document, the session requirement or none: `security: [{session}, {}]`. */
const DocumentedAsSessionOptional: MethodDecorator = (_target, _key, descriptor) => {
  const operation: object = Reflect.getMetadata(DECORATORS.API_OPERATION, descriptor.value as object) ?? {};
  Reflect.defineMetadata(DECORATORS.API_OPERATION, { ...operation, security: [{ [SESSION_SCHEME]: [] }, {}] }, descriptor.value as object);
  return descriptor;
};

/**
 * A read that sim2l's clients send without any X-Session-ID (contract §7): with anonymous access
 * allowed, a request without the header acts with the anonymous privileges (no session is
 * created). A header that is sent must hold a valid session, as on every other route.
 */
export const AnonymousReadable = () => applyDecorators(SetMetadata(ANONYMOUS_READABLE, true), DocumentedAsSessionOptional);

/** The route needs a valid session holding every listed privilege (listed in OpenAPI as x-privileges). */
export const RequirePrivileges = (...privileges: Privilege[]) =>
  applyDecorators(SetMetadata(REQUIRED_PRIVILEGES, privileges), ApiExtension('x-privileges', privileges));

/** The caller's session as the global guard verified it (on public routes: when one was sent). */
export const CurrentSession = createParamDecorator((_data: unknown, context: ExecutionContext): SessionPrincipal | undefined => {
  return context.switchToHttp().getRequest<Request & { session?: SessionPrincipal }>().session;
});
