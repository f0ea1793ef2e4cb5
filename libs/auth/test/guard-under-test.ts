import { Reflector } from '@nestjs/core';
import { AuthConfig } from '../src/lib/auth-config';
import { SessionAdmission } from '../src/lib/session-admission';
import { SessionGuard } from '../src/lib/session.guard';
import { SessionService } from '../src/lib/session.service';

/** The global guard with sessions verified by `authenticate`; auth and anonymous reads on unless `config` says otherwise. */
export function guardUnderTest(authenticate: SessionService['authenticate'], config: Partial<AuthConfig> = {}): SessionGuard {
  const authConfig: AuthConfig = {
    enabled: true,
    allowAnonymous: true,
    anonymousMaxLifetimeHours: 24,
    store: { backend: 'sqlite', path: ':memory:' },
    ...config,
  };
  return new SessionGuard(new Reflector(), new SessionAdmission(authConfig, { authenticate } as unknown as SessionService));
}
