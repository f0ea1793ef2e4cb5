import { Controller, ExecutionContext, Get } from '@nestjs/common';
import { AuthConfig } from './auth-config';
import { AnonymousReadable, RequirePrivileges } from './auth.decorators';
import { missingPrivilege } from './auth.errors';
import { ROLE_PRIVILEGES } from './privileges';
import { ANONYMOUS_READ_PRINCIPAL, SessionPrincipal } from './session-principal';
import { SessionGuard } from './session.guard';
import { guardUnderTest } from '../../test/guard-under-test';

@Controller()
class Routes {
  @Get() @RequirePrivileges('read_catalog') @AnonymousReadable() read(): string {
    return 'read';
  }
  @Get() @RequirePrivileges('update_catalog') @AnonymousReadable() beyondAnonymous(): string {
    return 'beyond';
  }
  @Get() @RequirePrivileges('read_catalog') plain(): string {
    return 'plain';
  }
}

function contextFor(handler: keyof Routes, headers: Record<string, string> = {}) {
  const request: { headers: Record<string, string>; session?: SessionPrincipal } = { headers };
  const context = {
    getType: () => 'http',
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return { context, request };
}

const guard = (config: Partial<AuthConfig> = {}, authenticate = jest.fn()): SessionGuard => guardUnderTest(authenticate, config);

describe('@AnonymousReadable() routes in the SessionGuard', () => {
  it('serve a request without X-Session-ID with the anonymous privileges, verifying no session', () => {
    const authenticate = jest.fn();
    const { context, request } = contextFor('read');
    expect(guard({}, authenticate).canActivate(context)).toBe(true);
    expect(request.session).toBe(ANONYMOUS_READ_PRINCIPAL);
    expect([...ANONYMOUS_READ_PRINCIPAL.privileges]).toEqual([...ROLE_PRIVILEGES.anonymous]);
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('still need the route privileges: the anonymous set grants no more', () => {
    expect(() => guard().canActivate(contextFor('beyondAnonymous').context)).toThrow(missingPrivilege('update_catalog'));
  });

  it('answer 401 without X-Session-ID when anonymous access is off', () => {
    expect(() => guard({ allowAnonymous: false }).canActivate(contextFor('read').context)).toThrow('missing X-Session-ID header');
  });

  it('verify a header that is sent: a bad session is refused, never downgraded', () => {
    const authenticate = jest.fn(() => {
      throw new Error('invalid session');
    });
    expect(() => guard({}, authenticate).canActivate(contextFor('read', { 'x-session-id': 'bad' }).context)).toThrow('invalid session');
  });

  it('leave other routes as they are', () => {
    expect(() => guard().canActivate(contextFor('plain').context)).toThrow('missing X-Session-ID header');
  });
});
