import { DatabaseConfig } from '@simsvc/persistence';

export interface AdminBootstrap {
  username: string;
  password: string;
  email?: string;
}

export interface AuthConfig {
  /** False with `--no-auth`: every request acts with every privilege. */
  enabled: boolean;
  /** Where users and sessions live; shared by every service that should accept the same sessions. */
  store: DatabaseConfig;
  /** Signing secret; when absent it is generated once and kept in the auth store. */
  secret?: string;
  allowAnonymous: boolean;
  admin?: AdminBootstrap;
}
