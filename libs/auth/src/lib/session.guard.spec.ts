import { Controller, ExecutionContext, Get } from '@nestjs/common';
import { AuthConfig } from './auth-config';
import { Public, RequirePrivileges } from './auth.decorators';
import { AuthError, AuthErrorCode, missingPrivilege } from './auth.errors';
import { PRIVILEGES, Privilege } from './privileges';
import { NO_AUTH_PRINCIPAL, SessionPrincipal } from './session-principal';
import { SessionGuard } from './session.guard';
import { guardUnderTest } from '../../test/guard-under-test';

@Controller()
class RoutesUnderTest {
  @Get() @Public() open(): string {
    return 'open';
  }
  @Get() plain(): string {
    return 'plain';
  }
  @Get() @RequirePrivileges('invalidate_cache') guarded(): string {
    return 'guarded';
  }
}

@Controller()
@RequirePrivileges('manage_users')
class ClassLevelRoutes {
  @Get() inherited(): string {
    return 'inherited';
  }
  @Get() @RequirePrivileges('read_cache') overridden(): string {
    return 'overridden';
  }
}

type Handler = keyof RoutesUnderTest | keyof ClassLevelRoutes;

function contextFor(
  handler: Handler,
  headers: Record<string, string> = {},
): { context: ExecutionContext; request: { headers: Record<string, string>; session?: SessionPrincipal } } {
  const owner = handler in RoutesUnderTest.prototype ? RoutesUnderTest : ClassLevelRoutes;
  const request = { headers };
  const context = {
    getType: () => 'http',
    getHandler: () => (owner.prototype as unknown as Record<string, unknown>)[handler],
    getClass: () => owner,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return { context, request };
}

function principal(privileges: Privilege[]): SessionPrincipal {
  return { sessionId: 'sid-1', username: 'alice', role: 'user', privileges: new Set(privileges), expiresAt: 0 };
}

function guardWith(
  authenticate: (token: string) => SessionPrincipal | Promise<SessionPrincipal>,
  config: Partial<AuthConfig> = {},
): SessionGuard {
  return guardUnderTest(jest.fn(authenticate), config);
}

const reject = (message: string) => () => {
  throw new AuthError(AuthErrorCode.InvalidSession, message);
};

describe('SessionGuard', () => {
  it('refuses a protected route without X-Session-ID', () => {
    const { context } = contextFor('plain');
    expect(() => guardWith(() => principal([])).canActivate(context)).toThrow(
      expect.objectContaining({ code: AuthErrorCode.MissingSessionHeader, message: 'missing X-Session-ID header' }),
    );
  });

  it('treats an empty X-Session-ID as missing', () => {
    const { context } = contextFor('plain', { 'x-session-id': '  ' });
    expect(() => guardWith(() => principal([])).canActivate(context)).toThrow('missing X-Session-ID header');
  });

  it('passes on the verification failure of the token', () => {
    for (const message of ['invalid session', 'session expired', 'session revoked']) {
      const { context } = contextFor('plain', { 'x-session-id': 'token' });
      expect(() => guardWith(reject(message)).canActivate(context)).toThrow(message);
    }
  });

  it('admits a valid session and puts it on the request (synchronously when cached)', () => {
    const { context, request } = contextFor('plain', { 'x-session-id': 'token' });
    const caller = principal(['read_cache']);
    expect(guardWith(() => caller).canActivate(context)).toBe(true);
    expect(request.session).toBe(caller);
  });

  it('admits when the session lookup is asynchronous', async () => {
    const { context, request } = contextFor('guarded', { 'x-session-id': 'token' });
    const caller = principal(['invalidate_cache']);
    await expect(guardWith(async () => caller).canActivate(context)).resolves.toBe(true);
    expect(request.session).toBe(caller);
  });

  it('refuses with 403 naming the missing privilege', async () => {
    const { context, request } = contextFor('guarded', { 'x-session-id': 'token' });
    expect(() => guardWith(() => principal(['read_cache'])).canActivate(context)).toThrow(missingPrivilege('invalidate_cache'));
    await expect(guardWith(async () => principal(['read_cache'])).canActivate(context)).rejects.toThrow(
      'missing privilege invalidate_cache',
    );
    expect(request.session).toBeUndefined();
  });

  it('applies class-level privileges unless the handler overrides them', () => {
    expect(() => guardWith(() => principal(['read_cache'])).canActivate(contextFor('inherited', { 'x-session-id': 't' }).context)).toThrow(
      'missing privilege manage_users',
    );
    expect(guardWith(() => principal(['read_cache'])).canActivate(contextFor('overridden', { 'x-session-id': 't' }).context)).toBe(true);
  });

  it('lets anyone through a public route', () => {
    const { context, request } = contextFor('open');
    expect(guardWith(reject('invalid session')).canActivate(context)).toBe(true);
    expect(request.session).toBeUndefined();
  });

  it('attaches a valid session on a public route and ignores an invalid one', async () => {
    const valid = contextFor('open', { 'x-session-id': 'token' });
    const caller = principal(['developer']);
    await expect(guardWith(() => caller).canActivate(valid.context)).resolves.toBe(true);
    expect(valid.request.session).toBe(caller);

    const invalid = contextFor('open', { 'x-session-id': 'token' });
    await expect(guardWith(reject('session expired')).canActivate(invalid.context)).resolves.toBe(true);
    expect(invalid.request.session).toBeUndefined();
  });

  it('with auth disabled acts with every privilege', () => {
    const { context, request } = contextFor('guarded');
    expect(guardWith(reject('invalid session'), { enabled: false }).canActivate(context)).toBe(true);
    expect(request.session).toBe(NO_AUTH_PRINCIPAL);
    expect([...NO_AUTH_PRINCIPAL.privileges]).toEqual([...PRIVILEGES]);
    expect(NO_AUTH_PRINCIPAL).toMatchObject({ username: null, role: 'admin', sessionId: 'no-auth' });
  });
});
