import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
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

type SessionRequest = Request & { session?: SessionPrincipal };

/**
 * The one global guard: every route needs a valid session unless marked @Public(), plus the
 * privileges listed by @RequirePrivileges(). The verified principal goes on `request.session`,
 * on public routes too when a valid session is sent (an invalid one is then ignored). An
 * @AnonymousReadable() route sent without X-Session-ID, anonymous access allowed, acts with the
 * anonymous privileges (ANONYMOUS_READ_PRINCIPAL); a header that is sent is verified as anywhere.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<SessionRequest>();
    if (!this.config.enabled) {
      request.session = NO_AUTH_PRINCIPAL;
      return true;
    }
    const targets = [context.getHandler(), context.getClass()];
    const token = sessionToken(request);
    if (this.reflector.getAllAndOverride<boolean | undefined>(PUBLIC_ROUTE, targets)) {
      return token === undefined ? true : this.attachIfValid(request, token);
    }
    const required = this.reflector.getAllAndOverride<Privilege[] | undefined>(REQUIRED_PRIVILEGES, targets) ?? [];
    if (
      token === undefined &&
      this.config.allowAnonymous &&
      this.reflector.getAllAndOverride<boolean | undefined>(ANONYMOUS_READABLE, targets)
    ) {
      return admit(request, ANONYMOUS_READ_PRINCIPAL, required);
    }
    if (token === undefined) throw new AuthError(AuthErrorCode.MissingSessionHeader, 'missing X-Session-ID header');
    const principal = this.sessions.authenticate(token);
    if (!(principal instanceof Promise)) return admit(request, principal, required);
    return principal.then((verified) => admit(request, verified, required));
  }

  /** On a public route the session is optional: one that cannot be verified, for whatever reason, is left out. */
  private async attachIfValid(request: SessionRequest, token: string): Promise<boolean> {
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

function admit(request: SessionRequest, principal: SessionPrincipal, required: readonly Privilege[]): boolean {
  const missing = required.find((privilege) => !principal.privileges.has(privilege));
  if (missing !== undefined) throw missingPrivilege(missing);
  request.session = principal;
  return true;
}
