import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { nowMicros } from '@simsvc/contracts';
import { AuthUserRepository } from '@simsvc/persistence';
import { AuthConfig } from './auth-config';
import { AUTH_CONFIG } from './auth.tokens';
import { PasswordHasher } from './password-hasher';

/**
 * Creates the SIMSVC_ADMIN_USERNAME admin at start-up when no user of that name exists. An
 * existing user is never changed; replicas starting together may both try, and one wins.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('Auth');

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly users: AuthUserRepository,
    private readonly passwords: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const admin = this.config.admin;
    if (!admin || (await this.users.findByUsername(admin.username))) return;
    const passwordHash = await this.passwords.hash(admin.password);
    const created = await this.users.insert({
      username: admin.username,
      email: admin.email ?? null,
      role: 'admin',
      passwordHash,
      createdAt: nowMicros(),
    });
    if (created) {
      this.logger.log(`created admin user ${admin.username}`);
      return;
    }
    // Another replica created it, or an existing user's name differs from it only by case, width or diacritics.
    if (!(await this.users.findByUsername(admin.username)))
      this.logger.warn(
        `admin user ${admin.username} not created: an existing user's name differs from it only by case, width or diacritics`,
      );
  }
}
