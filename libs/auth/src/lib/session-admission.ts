import { ExecutionContext, Inject, Injectable, Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AuthConfig } from './auth-config';
import { ANONYMOUS_READABLE, PUBLIC_ROUTE, REQUIRED_PRIVILEGES } from './auth.decorators';
import { AuthError, AuthErrorCode, missingPrivilege } from './auth.errors';
import { AUTH_CONFIG } from './auth.tokens';
import { Privilege } from './privileges';
import { ANONYMOUS_READ_PRINCIPAL, NO_AUTH_PRINCIPAL, SessionPrincipal } from './session-principal';
import { SessionService } from './session.service';

export const SESSION_HEADER = 'x-session-id';

export type SessionRequest = Request & { session?: SessionPrincipal };

/** What a protected route asks of a request's session: its @RequirePrivileges() and @AnonymousReadable(). */
export interface RouteAccess {
  required: readonly Privilege[];
  anonymousReadable: boolean;
}

/** A @Public() route's access: no session needed (a valid one sent is still put on the request). */
export const PUBLIC_ACCESS = 'public';

export type Access = RouteAccess | typeof PUBLIC_ACCESS;

/** The access a route's decorators ask for, the handler's overriding its controller's. */
export function routeAccess(reflector: Reflector, handler: ReturnType<ExecutionContext['getHandler']>, controller: Type<unknown>): Access {
  const targets = [handler, controller];
  if (reflector.getAllAndOverride<boolean | undefined>(PUBLIC_ROUTE, targets)) return PUBLIC_ACCESS;
  return {
    required: reflector.getAllAndOverride<Privilege[] | undefined>(REQUIRED_PRIVILEGES, targets) ?? [],
    anonymousReadable: reflector.getAllAndOverride<boolean | undefined>(ANONYMOUS_READABLE, targets) ?? false,
  };
}

/**
 * Admission to a route. A protected one needs a valid session holding every required privilege,
 * its principal put on `request.session`; else AuthError (401, 403). An @AnonymousReadable()
 * route sent without X-Session-ID, anonymous access allowed, acts with the anonymous privileges
 * (ANONYMOUS_READ_PRINCIPAL); a header that is sent is verified as anywhere. On a public route a
 * valid session is put on the request and an invalid one ignored. SessionGuard admits every
 * routed request with it, and a handler that answers before routing (the cache's plain GET) with
 * the same rules.
 */
@Injectable()
export class SessionAdmission {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly sessions: SessionService,
  ) {}

  /** true once admitted: synchronously when the session's standing is known, else once it is looked up. */
  admit(request: SessionRequest, access: Access): true | Promise<true> {
    if (access === PUBLIC_ACCESS) return this.attachIfValid(request);
    if (!this.config.enabled) {
      request.session = NO_AUTH_PRINCIPAL;
      return true;
    }
    const token = sessionToken(request);
    if (token === undefined && this.config.allowAnonymous && access.anonymousReadable) {
      return admitWith(request, ANONYMOUS_READ_PRINCIPAL, access.required);
    }
    if (token === undefined) throw new AuthError(AuthErrorCode.MissingSessionHeader, 'missing X-Session-ID header');
    const principal = this.sessions.authenticate(token);
    if (!(principal instanceof Promise)) return admitWith(request, principal, access.required);
    return principal.then((verified) => admitWith(request, verified, access.required));
  }

  /** On a public route the session is optional: one that cannot be verified, for whatever reason, is left out. */
  private attachIfValid(request: SessionRequest): true | Promise<true> {
    if (!this.config.enabled) {
      request.session = NO_AUTH_PRINCIPAL;
      return true;
    }
    const token = sessionToken(request);
    return token === undefined ? true : this.attach(request, token);
  }

  private async attach(request: SessionRequest, token: string): Promise<true> {
    try {
      request.session = await this.sessions.authenticate(token);
    } catch {
      request.session = undefined;
    }
    return true;
  }
}

function sessionToken(request: Request): string | undefined {
  const value = request.headers[SESSION_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token ? token.trim() || undefined : undefined;
}

function admitWith(request: SessionRequest, principal: SessionPrincipal, required: readonly Privilege[]): true {
  const missing = required.find((privilege) => !principal.privileges.has(privilege));
  if (missing !== undefined) throw missingPrivilege(missing);
  request.session = principal;
  return true;
}
