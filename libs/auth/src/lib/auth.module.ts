import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import {
  AUTH_STORE,
  AuthSessionRepository,
  AuthSettingRepository,
  AuthUserRepository,
  DatabaseModule,
  KnownAddressRepository,
  RateEventRepository,
} from '@simsvc/persistence';
import { AdminBootstrap } from './admin-bootstrap';
import { AuthConfig } from './auth-config';
import { AUTH_CONFIG, SIGNING_KEY } from './auth.tokens';
import { AnonymousSessionLimit } from './anonymous-session-limit';
import { KnownAddresses } from './known-addresses';
import { LoginService } from './login.service';
import { LoginThrottle } from './login-throttle';
import { PasswordHasher } from './password-hasher';
import { PasswordWorkGate } from './password-work.gate';
import { SessionController } from './session.controller';
import { SessionAdmission } from './session-admission';
import { SessionGuard } from './session.guard';
import { SessionIssuer } from './session-issuer';
import { SessionPurge } from './session-purge';
import { SessionService } from './session.service';
import { SessionStateCache } from './session-state.cache';
import { signingKeyProvider } from './signing-key.provider';
import { TokenService } from './token.service';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

const AUTH_REPOSITORIES = [AuthUserRepository, AuthSessionRepository, RateEventRepository, AuthSettingRepository, KnownAddressRepository];

/**
 * Sessions and privileges (contract §3) for a service: the auth store and its repositories, the
 * global SessionGuard (routes are protected unless @Public()), /session and /users. It exports
 * SessionAdmission (the guard's rules, for a handler that answers before routing) and the
 * signing key (SIGNING_KEY), configuration in effect (SIMSVC_AUTH_SECRET or the
 * secret kept in the auth store) from which services derive keys of their own (results: search
 * cursors). The module is not global: PlatformModule imports it once, with the service's
 * configuration, and re-exports it, so the key reaches every module the way SERVICE_CONFIG does.
 * A feature module cannot import it where it uses the key: forRoot needs the configuration, which
 * exists only when AppModule is built, and a second import would open the auth store twice.
 */
@Module({})
export class AuthModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AuthModule,
      imports: [DatabaseModule.forStore(config.store, AUTH_STORE), DatabaseModule.forFeature(AUTH_STORE, AUTH_REPOSITORIES)],
      controllers: [SessionController, UsersController],
      providers: [
        { provide: AUTH_CONFIG, useValue: config },
        signingKeyProvider,
        TokenService,
        PasswordHasher,
        SessionStateCache,
        KnownAddresses,
        LoginThrottle,
        PasswordWorkGate,
        AnonymousSessionLimit,
        SessionIssuer,
        SessionPurge,
        LoginService,
        SessionService,
        SessionAdmission,
        UsersService,
        AdminBootstrap,
        { provide: APP_GUARD, useClass: SessionGuard },
      ],
      exports: [SIGNING_KEY, SessionAdmission],
    };
  }
}
